import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_STYLES_WITH_COMPONENTS, STYLES_WITH_COMPONENTS } from './styles-with-components.ts';

// Mantine's component stylesheets are split between the entry (/login and the shell), the rest of the sign-in
// screens and the signed-in console; a component no code of the console reaches has none of them.
const require = createRequire(import.meta.url);
const stylesDir = path.join(path.dirname(require.resolve('@mantine/core/styles.layer.css')), 'styles');
const imported = (file: string) =>
  [
    ...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(
      /@mantine\/core\/styles\/([\w-]+\.layer\.css)/g,
    ),
  ].map((m) => m[1]);

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
const namesFrom = (text: string, pkg: string) =>
  [...text.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${pkg}['"]`, 'g'))].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]?.trim() ?? ''),
  );

/**
 * The Mantine components whose styles the web app reaches: the names its code (and the other Mantine packages it uses)
 * imports from @mantine/core, then every module those import in turn, and of those the CSS modules
 * (`Checkbox.module.mjs`: Checkbox.layer.css). Reading more than is drawn only
 * keeps a stylesheet; reading less would leave a component unstyled.
 */
function reachedComponents(): Set<string> {
  const coreEsm = path.join(path.dirname(require.resolve('@mantine/core')), '..', 'esm');
  const index = readFileSync(path.join(coreEsm, 'index.mjs'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const m of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g))
    for (const part of (m[1] ?? '').split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name) fileOf.set((alias ?? name).trim(), path.join(coreEsm, m[2] ?? ''));
    }
  const names = new Set<string>();
  const web = path.resolve(import.meta.dirname, '..');
  for (const file of walk(web).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|[\\/]test[\\/]/.test(f)))
    for (const n of namesFrom(readFileSync(file, 'utf8'), '@mantine/core')) names.add(n);
  for (const pkg of ['charts', 'notifications', 'spotlight']) {
    const esm = path.join(path.dirname(require.resolve(`@mantine/${pkg}`)), '..', 'esm');
    for (const file of walk(esm).filter((f) => f.endsWith('.mjs')))
      for (const n of namesFrom(readFileSync(file, 'utf8'), '@mantine/core')) names.add(n);
  }
  const seen = new Set<string>();
  const stack = [...names].map((n) => fileOf.get(n)).filter((f): f is string => f !== undefined);
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/from\s*"(\.{1,2}\/[^"]+)"/g))
      stack.push(path.resolve(path.dirname(file), m[1] ?? ''));
  }
  // A component's classes come from its `<Name>.module.mjs`, named as its stylesheet `<Name>.layer.css`.
  const components = new Set<string>();
  for (const file of seen) {
    const m = /([A-Za-z]+)\.module\.mjs$/.exec(file);
    if (m?.[1]) components.add(m[1]);
  }
  return components;
}

describe('Mantine styles split (issue 12)', () => {
  it('the public, sign-in, console and overlay stylesheets and the components loading their own import, once, the stylesheet of every Mantine component the app reaches and no other', () => {
    const reached = reachedComponents();
    const wanted = readdirSync(stylesDir)
      .filter((f) => f.endsWith('.layer.css'))
      .filter((f) => !/^[A-Z]/.test(f) || reached.has(f.replace('.layer.css', '')))
      .sort();
    const four = [
      ...imported('./mantine-public.css'),
      ...imported('./mantine-sign-in.css'),
      ...imported('./mantine-console.css'),
      ...imported('./mantine-overlays.css'),
      ...OWN_STYLES_WITH_COMPONENTS.map((name) => `${name}.layer.css`),
    ].sort();
    expect(four).toEqual(wanted);
  });

  it('the overlay stylesheet holds the styles of the components whose class names import it (vite.config.ts), each with such a module', () => {
    const esm = (pkg: string) => path.join(path.dirname(require.resolve(pkg)), '..', 'esm');
    const core = STYLES_WITH_COMPONENTS.filter((name) => name !== 'Notifications');
    expect(imported('./mantine-overlays.css')).toEqual(core.map((name) => `${name}.layer.css`));
    expect(readFileSync(new URL('./mantine-overlays.css', import.meta.url), 'utf8')).toContain(
      '@import "@mantine/notifications/styles.layer.css";',
    );
    for (const name of core)
      expect(
        statSync(path.join(esm('@mantine/core'), 'components', name, `${name}.module.mjs`)).isFile(),
        name,
      ).toBe(true);
    expect(statSync(path.join(esm('@mantine/notifications'), 'Notifications.module.mjs')).isFile()).toBe(
      true,
    );
  });

  it("the components loading their own stylesheet each have a class names module for vite.config.ts to attach it to, and Mantine's stylesheet of that name", () => {
    const components = path.join(path.dirname(require.resolve('@mantine/core')), '..', 'esm', 'components');
    const modules = walk(components).map((file) => path.basename(file));
    for (const name of OWN_STYLES_WITH_COMPONENTS) {
      expect(modules, name).toContain(`${name}.module.mjs`);
      expect(statSync(path.join(stylesDir, `${name}.layer.css`)).isFile(), name).toBe(true);
    }
  });

  it('finds the components reached through others (a Select reaches the Combobox, Popover and Input; a Checkbox the InlineInput)', () => {
    const reached = reachedComponents();
    for (const component of ['Combobox', 'Popover', 'Input', 'Table', 'InlineInput'])
      expect(reached).toContain(component);
    expect(reached).not.toContain('AngleSlider');
  });

  it("each half keeps the components in the order of Mantine's own styles.css (a base before what builds on it)", () => {
    const full = readFileSync(path.join(stylesDir, '..', 'styles.layer.css'), 'utf8');
    const position = (file: string) => {
      const first = /\.(m_[0-9a-f]+)/.exec(readFileSync(path.join(stylesDir, file), 'utf8'));
      return first ? full.indexOf(`.${first[1]}`) : -1;
    };
    for (const half of [
      './mantine-public.css',
      './mantine-sign-in.css',
      './mantine-console.css',
      './mantine-overlays.css',
    ]) {
      const components = imported(half).filter((f) => /^[A-Z]/.test(f as string)) as string[];
      const positions = components.map(position);
      expect(positions, half).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('the public stylesheet starts with the baseline, the variables and the global rules', () => {
    expect(imported('./mantine-public.css').slice(0, 3)).toEqual([
      'baseline.layer.css',
      'default-css-variables.layer.css',
      'global.layer.css',
    ]);
  });
});
