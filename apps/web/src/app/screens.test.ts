import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PUBLIC_NAMESPACES } from '../lib/public-namespaces.ts';
import { consoleScreens, frame, type Screen, wallScreen } from './screens.ts';

/*
 * Issue 39: the router loads only the wording a screen declares (app/screens.ts) beside the frame's and the
 * bundled public namespaces, so no screen may draw a namespace it does not declare. Read from the source: every
 * module a route module reaches by its imports, static or dynamic, and in each what names a namespace —
 * `useTranslation('x')` (or `['x', …]`, or an `X_NS` constant), which suspends until x is loaded, and a key of
 * another namespace (`ns: 'x'`, `ns="x"`, a literal beginning with `x:`), which does not: it shows the raw key.
 *  - A screen or the frame declares what its first draw names (the modules its route or layout imports
 *    statically) and every key of another namespace in what it loads later, unless the module of that key waits
 *    for its namespace by `useTranslation` (it is then drawn in a Suspense place, as lazy modules are): so no key
 *    is shown raw. It declares nothing its modules never name (it would load for nothing); a declaration missing
 *    or left over fails.
 *  - What a screen draws first but loads lazily (Alerts' table, the dashboard's widgets) keeps its words declared
 *    with the screen, so it does not wait for them; what is below the first view or opens later (the timeline,
 *    the ticket button of an alert's drawer, a dialog) may wait for its own, if the rest of the language, loaded
 *    when idle, is not there yet.
 * A namespace chosen any other way (a variable, `{ ns }`) cannot be read here and fails the test that says so.
 */

const APP = import.meta.dirname;
const SRC = path.resolve(APP, '..');
const namespaces = readdirSync(path.join(SRC, 'locales/en')).map((file) => file.replace(/\.json$/, ''));
const isNamespace = (text: string) => namespaces.includes(text);

type Scan = {
  statics: string[];
  dynamics: string[];
  /** Named by `useTranslation` (it suspends). */
  suspending: Set<string>;
  /** Named by a key of another namespace (it does not). */
  crossing: Set<string>;
  /** Namespaces chosen in a way this reading cannot tell, as `file:line text`. */
  unreadable: string[];
};

const sourceFiles = (readdirSync(SRC, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|(^|\/)test\//.test(file))
  .map((file) => path.join(SRC, file));

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

/** The `X_NS = 'x'` constants of the source, by name. */
const constants = new Map<string, string>();
for (const file of sourceFiles) {
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      /_NS$/.test(node.name.text) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer)
    )
      constants.set(node.name.text, node.initializer.text);
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
}

/** The namespace an expression names: a literal or an `X_NS` constant; undefined when it cannot be told. */
function namespaceOf(node: ts.Expression): string | undefined {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isIdentifier(node)) return constants.get(node.text);
  return undefined;
}

const scans = new Map<string, Scan>();
function scan(file: string): Scan {
  const known = scans.get(file);
  if (known) return known;
  const source = parse(file);
  const result: Scan = {
    statics: [],
    dynamics: [],
    suspending: new Set(),
    crossing: new Set(),
    unreadable: [],
  };
  const resolve = (specifier: string) => {
    if (!specifier.startsWith('.')) return null;
    const target = path.resolve(path.dirname(file), specifier);
    return /\.tsx?$/.test(target) && existsSync(target) ? target : null;
  };
  const unreadable = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    result.unreadable.push(`${path.relative(SRC, file)}:${line + 1} ${node.getText()}`);
  };
  const named = (into: Set<string>, node: ts.Expression) => {
    const ns = namespaceOf(node);
    if (ns !== undefined && isNamespace(ns)) into.add(ns);
    else unreadable(node);
  };
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !(ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly : node.isTypeOnly)
    ) {
      const target = resolve(node.moduleSpecifier.text);
      if (target) result.statics.push(target);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      const target = specifier && ts.isStringLiteralLike(specifier) ? resolve(specifier.text) : null;
      if (target) result.dynamics.push(target);
    } else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'useTranslation'
    ) {
      const [argument] = node.arguments;
      if (argument && ts.isArrayLiteralExpression(argument))
        for (const element of argument.elements) named(result.suspending, element);
      else if (argument) named(result.suspending, argument);
    } else if (ts.isPropertyAssignment(node) && node.name.getText() === 'ns') {
      // i18next's own options list the namespaces it starts with: the bundled public ones.
      const elements = ts.isArrayLiteralExpression(node.initializer)
        ? node.initializer.elements
        : [node.initializer];
      for (const element of elements)
        if (!(ts.isSpreadElement(element) && element.expression.getText() === 'PUBLIC_NAMESPACES'))
          named(result.crossing, element);
    } else if (ts.isShorthandPropertyAssignment(node) && node.name.text === 'ns') {
      unreadable(node);
    } else if (ts.isJsxAttribute(node) && node.name.getText() === 'ns' && node.initializer) {
      if (ts.isStringLiteral(node.initializer)) named(result.crossing, node.initializer);
      else unreadable(node);
    } else if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) {
      const prefix = /^([A-Za-z]+):/.exec(node.text)?.[1];
      if (prefix && isNamespace(prefix)) result.crossing.add(prefix);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  scans.set(file, result);
  return result;
}

/** The modules a route module reaches: those its first load runs (static imports) and all of them. */
function reach(module: string) {
  const walk = (withDynamic: boolean) => {
    const seen = new Set<string>();
    const stack = [path.resolve(APP, module)];
    for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const { statics, dynamics } = scan(file);
      stack.push(...statics, ...(withDynamic ? dynamics : []));
    }
    return seen;
  };
  return { first: walk(false), all: walk(true) };
}

/**
 * The namespaces a part must have before it draws (`needed`): every one its first load's modules name, and every
 * key of another namespace in a module loaded later that does not itself wait for that namespace (a lazy module
 * whose `useTranslation` names it suspends, inside the Suspense place it is drawn in, until it is there; a key
 * alone would show raw). And every one its modules name at all (`named`).
 */
function wordingOf(screen: Screen) {
  const { first, all } = reach(screen.module);
  const needed = new Set<string>();
  const named = new Set<string>();
  for (const file of all) {
    const { suspending, crossing } = scan(file);
    for (const ns of [...suspending, ...crossing]) named.add(ns);
    if (first.has(file)) for (const ns of [...suspending, ...crossing]) needed.add(ns);
    else for (const ns of crossing) if (!suspending.has(ns)) needed.add(ns);
  }
  return { needed: [...needed], named: [...named] };
}

const without = (list: Iterable<string>, ...drop: (readonly string[])[]) =>
  [...list].filter((ns) => !drop.some((d) => d.includes(ns))).sort();

describe('the wording each signed-in screen loads first (issue 39)', () => {
  it('declares for the frame every namespace it draws', () => {
    const { needed, named } = wordingOf(frame);
    expect(without(needed, PUBLIC_NAMESPACES, frame.namespaces)).toEqual([]);
    // Nothing declared that the frame's modules never name (it would load for nothing on every screen).
    expect(without(frame.namespaces, named)).toEqual([]);
  });

  it.each(Object.entries(consoleScreens))('declares for %s every namespace it draws', (_name, screen) => {
    const { needed, named } = wordingOf(screen);
    expect(without(needed, PUBLIC_NAMESPACES, frame.namespaces, screen.namespaces)).toEqual([]);
    expect(without(screen.namespaces, named)).toEqual([]);
    // The frame's and the public ones are there already: not declared again.
    expect(
      screen.namespaces.filter((ns) => PUBLIC_NAMESPACES.includes(ns) || frame.namespaces.includes(ns)),
    ).toEqual([]);
  });

  it('declares for the wall display every namespace it draws (it has no frame)', () => {
    const { needed, named } = wordingOf(wallScreen);
    expect(without(needed, PUBLIC_NAMESPACES, wallScreen.namespaces)).toEqual([]);
    expect(without(wallScreen.namespaces, named)).toEqual([]);
  });

  it('reads which namespace every translation of the source uses', () => {
    expect(sourceFiles.flatMap((file) => scan(file).unreadable)).toEqual([]);
  });

  it('is what the router loads: each declared screen’s route imports its module, the frame’s its layout', () => {
    const router = parse(path.join(APP, 'router.tsx'));
    const declared = new Map<string, Screen>([
      ...Object.entries(consoleScreens).map(([name, screen]): [string, Screen] => [
        `consoleScreens.${name}`,
        screen,
      ]),
      ['wallScreen', wallScreen],
    ]);
    const imported: string[] = [];
    const firstImport = (node: ts.Node): string | undefined => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = node.arguments;
        return specifier && ts.isStringLiteralLike(specifier) ? specifier.text : undefined;
      }
      return ts.forEachChild(node, firstImport);
    };
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'screen'
      ) {
        const [which, load] = node.arguments;
        const screen = which && declared.get(which.getText());
        if (screen && load) imported.push(`${which.getText()} ${firstImport(load) === screen.module}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(router);
    expect(imported.sort()).toEqual([...declared.keys()].map((name) => `${name} true`).sort());
    expect(router.getText()).toContain(`import('${frame.module}')`);
  });

  it('catches a namespace used without being declared', () => {
    // The device page's header draws the ticket button, which names tickets.json: needed with the page.
    const device = wordingOf(consoleScreens.device).needed;
    expect(without(device, PUBLIC_NAMESPACES, frame.namespaces, ['siteDetail'])).toContain('tickets');
    // A key of another namespace in a module loaded later is needed too, unless that module waits for it: the
    // timeline names an audit entry's action by its key in adminOrganization.json (`adminOrganization:actions.…`)
    // and waits for that namespace (its `useTranslation`), so the site and device pages do not load it first.
    const timeline = scan(path.join(SRC, 'features/timeline/components/entity-timeline.tsx'));
    expect(timeline.crossing.has('adminOrganization') && timeline.suspending.has('adminOrganization')).toBe(
      true,
    );
    const site = wordingOf(consoleScreens.site);
    expect(site.named).toContain('adminOrganization');
    expect(site.needed).not.toContain('adminOrganization');
    // Alerts' ticket button, loaded once the screen has painted, waits for tickets.json the same way.
    const alerts = wordingOf(consoleScreens.alerts);
    expect(without(alerts.named, PUBLIC_NAMESPACES, frame.namespaces, ['alerts', 'table'])).toEqual([
      'tickets',
    ]);
    expect(alerts.needed).not.toContain('tickets');
  });
});
