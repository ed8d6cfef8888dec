import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import * as topojson from 'topojson-client';
import { build, defineConfig, type Plugin, type PluginOption } from 'vite';
import { frame } from './src/app/screens.ts';
import { basemapPaths } from './src/lib/basemap.ts';
import { LANDING_PATHS } from './src/lib/paths.ts';
import { PUBLIC_NAMESPACES } from './src/lib/public-namespaces.ts';
import { OWN_STYLES_WITH_COMPONENTS, STYLES_WITH_COMPONENTS } from './src/styles/styles-with-components.ts';

/** Text the server sends precompressed (@fastify/static `preCompressed`); smaller files go as they are. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file of the build, once,
 * so the server answers `Accept-Encoding: br` or `gzip` with no work per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    });
  return {
    name: 'vnoc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const body = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * lib/basemap-paths.ts as the paths it makes, made once here: the browser loads two strings (~75 KB gzipped, as
 * the two atlases were) and neither the atlases' objects nor topojson.
 */
function prebuiltBasemap(): Plugin {
  const module = path.join(import.meta.dirname, 'src/lib/basemap-paths.ts');
  const atlas = (name: string) => JSON.parse(readFileSync(createRequire(module).resolve(name), 'utf8'));
  return {
    name: 'vnoc-prebuilt-basemap',
    enforce: 'pre',
    load(id) {
      if (id !== module) return null;
      const { land, borders } = basemapPaths(
        topojson,
        atlas('world-atlas/countries-110m.json'),
        atlas('us-atlas/states-10m.json'),
      );
      return `export const land = ${JSON.stringify(land)};\nexport const borders = ${JSON.stringify(borders)};\n`;
    },
  };
}

/**
 * The import of `source` by a library module matching `importer` resolved to our module `to` instead: the few
 * names that module takes from `source`, made of what the first load already has.
 */
function redirectedImport(name: string, source: string, importer: RegExp, to: string): Plugin {
  const target = path.join(import.meta.dirname, to);
  return {
    name,
    enforce: 'pre',
    resolveId: (id, from) => (id === source && from && importer.test(from) ? target : null),
  };
}

/**
 * Mantine's ScrollArea (the scroll container of every Table, the body of Modal and of the dropdowns) imports one
 * hook from floating-ui, `useMergeRefs`, and with it all of floating-ui (one module that imports the rest, ~20 KB
 * gzipped): it gets the same hook made of Mantine's own `useMergedRef` (lib/merge-refs.ts), so a screen that
 * draws a table loads floating-ui only when it draws a dropdown, tooltip or dialog too.
 */
const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const scrollAreaRefs = () =>
  redirectedImport('vnoc-scroll-area-refs', '@floating-ui/react', SCROLL_AREA, 'src/lib/merge-refs.ts');

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll (~3.5 KB gzipped with its side car) for
 * two class names: they get them from lib/remove-scroll-class-names.ts, so the signed-in frame loads the library
 * only with its first dialog.
 */
const appShellScrollClasses = () =>
  redirectedImport(
    'vnoc-app-shell-scroll-classes',
    'react-remove-scroll',
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(?:Header|Footer|Aside)[\\/][^\\/]+\.mjs$/,
    'src/lib/remove-scroll-class-names.ts',
  );

/**
 * Mantine's AppShell header, navbar, aside and footer import the handle that resizes them (drag, keyboard, clamping:
 * ~1.5 KB gzipped) and draw it only in a `resizable` AppShell: the signed-in frame's is not, so they get
 * lib/app-shell-fixed-sections.ts instead (a section made resizable would stop there, saying why).
 */
const appShellResizeHandle = () =>
  redirectedImport(
    'vnoc-app-shell-resize-handle',
    '../AppShellResizeHandle/AppShellResizeHandle.mjs',
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(?:Header|Navbar|Footer|Aside)[\\/][^\\/]+\.mjs$/,
    'src/lib/app-shell-fixed-sections.ts',
  );

/**
 * src/styles/mantine-overlays.css (Mantine's dialogs, drawers, tooltips, toasts), imported by the module holding
 * the class names of each of styles-with-components.ts's `STYLES_WITH_COMPONENTS` (`Modal.module.mjs`), so it
 * loads with the first chunk that draws one of them, before that chunk runs, and no page's first load carries it
 * (~2 KB gzipped); and each of its `OWN_STYLES_WITH_COMPONENTS` (`Tabs.module.mjs`) importing Mantine's own
 * stylesheet of that component the same way. Appended: imports are hoisted, and no line of the module moves.
 */
function stylesWithComponents(): Plugin {
  const overlays = path.join(import.meta.dirname, 'src/styles/mantine-overlays.css');
  const classNames =
    /[\\/]@mantine[\\/](?:core[\\/]esm[\\/]components(?:[\\/][^\\/]+)+|notifications[\\/]esm)[\\/]([A-Za-z]+)\.module\.mjs$/;
  const overlaid = new Set<string>(STYLES_WITH_COMPONENTS);
  const own = new Set<string>(OWN_STYLES_WITH_COMPONENTS);
  const stylesheetOf = (name: string) =>
    overlaid.has(name) ? overlays : own.has(name) ? `@mantine/core/styles/${name}.layer.css` : undefined;
  return {
    name: 'vnoc-styles-with-components',
    transform(code, id) {
      const name = classNames.exec(id)?.[1];
      const stylesheet = name === undefined ? undefined : stylesheetOf(name);
      return stylesheet ? { code: `${code}\nimport ${JSON.stringify(stylesheet)};\n`, map: null } : null;
    },
  };
}

/**
 * The modules a stored session's landing screen draws with (`/` and `/dashboard`): the signed-in frame and its
 * styles, the dashboards screen and its first view. bench/web.ts counts the dashboard's first load
 * from the same list.
 */
export const LANDING_FIRST_VIEW = [
  'src/app/layouts/main-layout.tsx',
  'src/styles/console-styles.ts',
  'src/features/dashboards/routes/dashboards.tsx',
  'src/features/dashboards/components/dashboard-screen.tsx',
  'src/features/dashboards/api/dashboard-data.ts',
  'src/features/dashboards/components/dashboard-grid.tsx',
  'src/features/dashboards/components/widgets.tsx',
] as const;

/**
 * Of LANDING_FIRST_VIEW, what the widgets draw with, once the screen's frame, heading and places have drawn: the
 * boot script asks for its files at low priority, so they do not hold the six connections a browser opens to a
 * host while the screen's own code, wording and dashboards list wait behind them (on Lighthouse's mobile profile
 * the list and the wording came ~0.5 s later for it, and the screen's text with them).
 */
const LANDING_AFTER_FIRST_DRAW: ReadonlySet<string> = new Set([
  'src/features/dashboards/components/widgets.tsx',
]);

/**
 * The boot script's body: a stored session on the landing paths asks for `files` while the entry downloads, those
 * from `lowFrom` on at low priority.
 */
function bootPreloadScript(files: string[], lowFrom: number): string {
  // Classic ES5-level script (it runs before any module): a few links a task, so no task of its own is long on a
  // slow phone (each link costs a few milliseconds there). The links match those the entry's import helper adds
  // (rel, as, crossorigin, href), which then finds them there and adds none; a file whose link the helper added
  // first is skipped. `data-boot` marks the script's links (e2e dashboard-progressive).
  return `(function(){try{if(!localStorage.getItem("jwt"))return;if(${JSON.stringify(LANDING_PATHS)}.indexOf(location.pathname)<0)return}catch(e){return}var f=${JSON.stringify(files)},i=0,w=${lowFrom};(function n(){for(var e=Math.min(i+4,f.length);i<e;i++){var h=f[i];if(document.querySelector('link[href="'+h+'"]'))continue;var l=document.createElement("link");if(/\\.css$/.test(h)){l.rel="preload";l.as="style"}else{l.rel="modulepreload";l.as="script"}l.crossOrigin="";if(i>=w)l.fetchPriority="low";l.href=h;l.setAttribute("data-boot","");document.head.appendChild(l)}if(i<f.length)setTimeout(n,0)})()})();`;
}

/**
 * A reload or bookmark of the dashboard with a stored session (a phone's start page, the on-call person opening
 * the console) fetched the frame and the dashboard's code only once the entry had downloaded and run, and the
 * links that ask for them were added in the entry's own first task (~0.3 s of it at 4× CPU). An async classic
 * script in index.html's head asks for them as the page starts, while the entry downloads: the files of
 * LANDING_FIRST_VIEW's chunks and their static imports (not the entry's own), and their CSS.
 */
function bootPreload(): Plugin {
  const root = import.meta.dirname;
  return {
    name: 'vnoc-boot-preload',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error('vnoc-boot-preload: no entry chunk');
        const imports = new Map(chunks.map((c) => [c.fileName, c.imports]));
        // In LANDING_FIRST_VIEW's order, each module's chunk after the chunks it imports: what runs first comes
        // first (a browser asks a host for six files at a time); what only the widgets draw with comes last.
        const js: string[] = [];
        const later: string[] = [];
        const seen = followed(imports, [entry.fileName]);
        const add = (file: string, list: string[]) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const child of imports.get(file) ?? []) add(child, list);
          list.push(file);
        };
        for (const module of LANDING_FIRST_VIEW) {
          const chunk = chunks.find((c) => c.moduleIds.includes(path.join(root, module)));
          if (!chunk) throw new Error(`vnoc-boot-preload: ${module} is in no chunk`);
          add(chunk.fileName, LANDING_AFTER_FIRST_DRAW.has(module) ? later : js);
        }
        const css = [...js, ...later].flatMap((file) => [
          ...(byFile.get(file)?.viteMetadata?.importedCss ?? []),
        ]);
        const first = [...js, ...new Set(css)];
        const files = [...first, ...later].map((file) => `/${file}`);
        const ref = this.emitFile({
          type: 'asset',
          name: 'boot.js',
          source: bootPreloadScript(files, first.length),
        });
        const tag = `<script async src="/${this.getFileName(ref)}"></script>`;
        const source = String(html.source);
        if (!source.includes('<script type="module"'))
          throw new Error('vnoc-boot-preload: index.html has no module script');
        html.source = source.replace('<script type="module"', `${tag}\n    <script type="module"`);
      },
    },
  };
}

/**
 * The plugins that shape the modules themselves (React, and the import redirections and styles above): the same for
 * the first splitting's build and the real one, so the chunks the groups are made from are the chunks built.
 */
const sourcePlugins = (): PluginOption[] => [
  react(),
  scrollAreaRefs(),
  appShellScrollClasses(),
  appShellResizeHandle(),
  stylesWithComponents(),
  prebuiltBasemap(),
];

type FirstChunk = { moduleIds: string[]; imports: string[]; isEntry: boolean; facadeModuleId: string | null };
type FirstBuild = { chunks: Map<string, FirstChunk>; importedIds: Map<string, readonly string[]> };

/**
 * The chunks of the bundler's own splitting, found by a first build that writes nothing: each with its modules,
 * the chunks it imports statically, and the module it was made for (an entry or a dynamic import); and each
 * module's static imports.
 */
async function firstSplitting(): Promise<FirstBuild> {
  const chunks = new Map<string, FirstChunk>();
  const importedIds = new Map<string, readonly string[]>();
  const recorder: Plugin = {
    name: 'vnoc-first-splitting',
    generateBundle(_options, bundle) {
      for (const c of Object.values(bundle)) if (c.type === 'chunk') chunks.set(c.fileName, c);
      for (const id of this.getModuleIds()) importedIds.set(id, this.getModuleInfo(id)?.importedIds ?? []);
    },
  };
  await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'silent',
    plugins: [...sourcePlugins(), recorder],
    build: { write: false, target: 'es2022', sourcemap: false },
  });
  return { chunks, importedIds };
}

/**
 * Mantine's pills, which the filters' closed many-value fields draw (components/lazy-select.tsx): used by many
 * screens, but not by the dashboard or the tickets, so the bundler places them with the screens that draw them
 * rather than in `screens`.
 */
const PILLS = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Pills?(?:Input)?[\\/]/;

/** The modules that the chunks `from` load before running: theirs and those of every chunk they import statically. */
function loadedBefore(chunks: Map<string, FirstChunk>, from: FirstChunk[]): Set<string> {
  const modules = new Set<string>();
  const seen = new Set<FirstChunk>();
  const stack = [...from];
  for (let chunk = stack.pop(); chunk !== undefined; chunk = stack.pop()) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const id of chunk.moduleIds) modules.add(id);
    for (const file of chunk.imports) {
      const child = chunks.get(file);
      if (child) stack.push(child);
    }
  }
  return modules;
}

/** floating-ui, which positions Mantine's dropdowns and tooltips. */
const FLOATING_UI = /[\\/]node_modules[\\/]@floating-ui[\\/]/;
/** Mantine's FocusTrap, which holds the focus in its dialogs and dropdowns. */
const FOCUS_TRAP = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]FocusTrap[\\/]FocusTrap\.mjs$/;
/** Mantine's indexes, through which our modules import its components and its own modules its hooks. */
const MANTINE_INDEX = /[\\/]node_modules[\\/]@mantine[\\/](core|hooks)[\\/]esm[\\/]index\.mjs$/;
const NAMED_IMPORTS = /(?:import|export)\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;

/**
 * The names a module's source imports (or exports) from each module it names (`import { A, B as C } from 'x'`:
 * x → A, B as C).
 */
function namedImports(source: string): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const [, list = '', from = ''] of source.matchAll(NAMED_IMPORTS)) {
    const items = list
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item && !item.startsWith('type '));
    names.set(from, [...(names.get(from) ?? []), ...items]);
  }
  return names;
}

/**
 * Each module's static imports, those through Mantine's indexes replaced by the modules of the names it imports
 * (an index imports every component: through it, every screen would reach every one).
 */
function resolvedImports(importedIds: Map<string, readonly string[]>): Map<string, string[]> {
  const indexes = new Map<string, Map<string, string>>();
  const exportsOf = (index: string) => {
    let exported = indexes.get(index);
    if (!exported) {
      exported = new Map();
      for (const [from, items] of namedImports(readFileSync(index, 'utf8')))
        for (const item of items) {
          const [name = '', alias = name] = item.split(/\s+as\s+/);
          exported.set(alias, path.resolve(path.dirname(index), from));
        }
      indexes.set(index, exported);
    }
    return exported;
  };
  const resolved = new Map<string, string[]>();
  for (const [id, children] of importedIds) {
    const viaIndex = children.filter((child) => MANTINE_INDEX.test(child));
    const names = viaIndex.length > 0 ? namedImports(readFileSync(id, 'utf8')) : new Map<string, string[]>();
    resolved.set(
      id,
      children.flatMap((child) => {
        const [, pkg] = MANTINE_INDEX.exec(child) ?? [];
        if (!pkg) return [child];
        const exported = exportsOf(child);
        return (names.get(`@mantine/${pkg}`) ?? []).flatMap((item) => {
          const target = exported.get(item.split(/\s+as\s+/)[0] ?? '');
          return target ? [target] : [];
        });
      }),
    );
  }
  return resolved;
}

/**
 * The modules that are, or import (directly or not, statically), a module that passes `test`; and those that
 * only they import (what a component needs of its own: Popover's dropdown beside Popover).
 */
function reaching(imports: Map<string, string[]>, test: (id: string) => boolean): Set<string> {
  const importers = importersOf(imports);
  return withOwnImports(importers, followed(importers, [...imports.keys()].filter(test)));
}

/** The modules `from` and those reached from them along `edges` (imports, or importers), directly or not. */
function followed(edges: Map<string, string[]>, from: string[]): Set<string> {
  const found = new Set<string>();
  const stack = [...from];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...(edges.get(id) ?? []));
  }
  return found;
}

/** Each module's importers, those `skip` passes left out. */
function importersOf(imports: Map<string, string[]>, skip = (_id: string) => false): Map<string, string[]> {
  const importers = new Map<string, string[]>();
  for (const [id, children] of imports) {
    if (skip(id)) continue;
    for (const child of children) importers.set(child, [...(importers.get(child) ?? []), id]);
  }
  return importers;
}

/** `found`, grown by the modules only its modules import, until none is left. */
function withOwnImports(importers: Map<string, string[]>, found: Set<string>): Set<string> {
  for (let grown = true; grown; ) {
    grown = false;
    for (const [id, by] of importers)
      if (!found.has(id) && by.length > 0 && by.every((importer) => found.has(importer))) {
        found.add(id);
        grown = true;
      }
  }
  return found;
}

/** The server-side data table (the lists' table or cards, footer, column picker). */
const DATA_TABLE = /[\\/]src[\\/]components[\\/]data-table[\\/]data-table\.tsx$/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
/**
 * The modules that pass `test` and those that only they import (Mantine's indexes, which import every component,
 * aside).
 */
function ownedBy(imports: Map<string, string[]>, test: (id: string) => boolean): Set<string> {
  return withOwnImports(
    importersOf(imports, (id) => MANTINE_INDEX.test(id)),
    new Set([...imports.keys()].filter(test)),
  );
}

/** Mantine's Menu, which the header menus draw and a few screens' own menus. */
const MENU = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Menu[\\/]/;
/** The signed-in frame's modules (`loadConsole` in app/router.tsx): its layout and the rest of Mantine's styles. */
const CONSOLE_FRAME = /[\\/]src[\\/](?:app[\\/]layouts[\\/]main-layout\.tsx|styles[\\/]console-styles\.ts)$/;
/** Mantine's styles beyond /login's, loaded with what needs them: a chunk of their own in no group. */
const SIGN_IN_STYLES = /[\\/]src[\\/]styles[\\/]sign-in-styles\.ts$/;
/** The live updates (event stream, invalidations), which the signed-in frame loads once it has drawn. */
const LIVE_UPDATES = /[\\/]src[\\/]app[\\/]live-updates\.ts$/;
/** The header menus' dropdown (Mantine's Menu, Popover, floating-ui), loaded when a menu first opens. */
const HEADER_MENU = /[\\/]src[\\/]components[\\/]header-menu-dropdown\.tsx$/;
/** What a public page loads on demand besides the menus: the dev outbox's button, the toasts' container. */
const PUBLIC_ON_DEMAND =
  /[\\/](?:src[\\/]features[\\/]dev-outbox[\\/]components[\\/]dev-outbox\.tsx|@mantine[\\/]notifications[\\/]esm[\\/]index\.mjs)$/;
/** The screens before sign-in, lazy routes of their own (`authModules` in app/router.tsx). */
const PUBLIC_SCREEN = /[\\/]src[\\/]features[\\/]auth[\\/]routes[\\/][^\\/]+\.tsx$/;
/** The two sign-in steps every session passes: the password (/login) and the code (/authentication). */
const SIGN_IN = /[\\/]src[\\/]features[\\/]auth[\\/]routes[\\/](?:login|multi-factor-auth)\.tsx$/;
/** The first of them, whose first load is held to 200 KB (issue 39). */
const LOGIN = /[\\/]src[\\/]features[\\/]auth[\\/]routes[\\/]login\.tsx$/;
/**
 * zod and the contracts' modules that build schemas with it, which /login fetches after its first paint; the
 * contracts' modules without zod (constants, pure functions) go where their users are.
 */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
const CONTRACTS = /[\\/]packages[\\/]contracts[\\/]src[\\/]/;
const isSchemaModule = (id: string) =>
  ZOD.test(id) || (CONTRACTS.test(id) && /from 'zod(?:\/mini)?'/.test(readFileSync(id, 'utf8')));
/**
 * What reads a stored token's claims before a signed-in page first renders (lib/jwt.ts, loaded by `authReady`):
 * the claims' schema is zod/mini's (contracts' claims.ts), so this is zod's core, zod/mini and those few schemas.
 */
const CLAIMS_READER = /[\\/]src[\\/]lib[\\/]jwt\.ts$/;
/** The screen a sign-in lands on (/dashboard). */
const LANDING = /[\\/]src[\\/]features[\\/]dashboards[\\/]routes[\\/]dashboards\.tsx$/;
/** The signed-in screens, lazy route modules (the public ones among them). */
const SCREEN = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]routes[\\/][^\\/]+\.tsx$/;
/** The share of the signed-in screens that must use a module for it to go into the screens' common chunk. */
const SCREENS_SHARE = 0.4;
/**
 * The wording fetched lazily: a language's public screens' namespaces together (Spanish on /login: ~5 KB before
 * the first render, not the whole language's ~25); the signed-in frame's with it, in one file, with the namespaces
 * too small for a file of their own (under 1 KB gzipped in English: a request's round trip and headers cost about
 * what they weigh; the table's, the fleet's words and the like, which most screens draw); each other namespace in a
 * file of its own, loaded with the screens that declare it (app/screens.ts).
 */
const LAZY_WORDING = /[\\/]src[\\/]locales[\\/]([a-z]{2})[\\/]([^\\/]+)\.json$/;
const SMALL_WORDING = 1024;
const LOCALES = path.join(import.meta.dirname, 'src/locales/en');
const frameWording = new Set([
  ...frame.namespaces,
  ...readdirSync(LOCALES)
    .filter((file) => gzipSync(readFileSync(path.join(LOCALES, file)), { level: 9 }).length < SMALL_WORDING)
    .map((file) => file.replace(/\.json$/, '')),
]);

/**
 * The file (group) of a lazily loaded wording file, by language: `wording-<lang>-public|console|<namespace>`
 * (bench/web.ts finds a screen's wording files by it).
 */
export function wordingGroup(language: string, namespace: string): string {
  if (PUBLIC_NAMESPACES.includes(namespace)) return `wording-${language}-public`;
  return frameWording.has(namespace) ? `wording-${language}-console` : `wording-${language}-${namespace}`;
}

/**
 * Groups built from that splitting, so a page asks for a few files instead of dozens: what every page loads
 * first, in the entry's one chunk (`index`); what reads a stored token's claims (`claims`: zod's core, zod/mini
 * and the claims' schemas, which a signed-in page's first render waits for); zod and the contracts' schemas that
 * the sign-in steps or the signed-in frame use (`schemas`: /authentication and the frame load it, /login only
 * after its first paint); what /login
 * loads beyond the entry, in three by who else uses it — the signed-in frame or 40 % of the signed-in screens too
 * (`public-common`: form errors, the user's preferences), some signed-in screens (`public-shared`: @mantine/form,
 * the form validation) or no one (`public`: the password form, the sign-in calls); what the code step
 * (/authentication) adds to them, in two the same way (`code-common`: product analytics, the support chat's
 * state; `code`: the code inputs), so no signed-in screen loads the sign-in steps' own code and /login no module
 * that imports zod; the header menus' dropdown in two (`menu`: Mantine's Menu and what only it imports; `menus`:
 * what it shares with the other dropdowns, Popover and floating-ui), with what the frame, the landing screen or
 * the screens' plain common groups share with it apart (`frame-shared`), and what other lazy modules that draw no
 * dropdown share with it apart again (`menus-plain`: Tabs' arrow-key handler); what the signed-in frame loads before
 * it shows, the layout, its dialogs and its styles (`console`, never loaded by /login); the modules 40 % of the
 * signed-in screens use, but zod's schemas, in four by what they draw (`screens-overlays`: dropdowns, tooltips,
 * dialogs; `screens-lists`: tables and scrolled lists; `screens-tables`: what the server-side data table adds,
 * its rows' checkboxes; `screens`: the rest); and each language's lazily
 * loaded wording (`wordingGroup`: its public screens', the frame's with the small namespaces, each other apart). The splitting alone cuts them
 * into ~55, ~18, ~60, ~25 and 14 files (one per set of lazy screens that also use them, most under 1 KB), each a
 * `modulepreload` link appended and a request Lighthouse's throttled mobile network pays a round trip for; lazy
 * screens import what they share with these from them.
 */
async function groups() {
  const { chunks, importedIds } = await firstSplitting();
  const all = [...chunks.values()];
  const made = (pattern: RegExp) => all.filter((c) => c.facadeModuleId && pattern.test(c.facadeModuleId));
  const first = loadedBefore(
    chunks,
    all.filter((c) => c.isEntry),
  );
  const publicScreens = made(PUBLIC_SCREEN);
  const frameChunks = made(CONSOLE_FRAME);
  const screenChunks = made(SCREEN).filter((c) => !publicScreens.includes(c));
  // Each group leaves out the modules the lazy chunks were made for: the manifest keeps naming their chunks
  // (bench:web reads it).
  const own = new Set(
    [
      ...publicScreens,
      ...frameChunks,
      ...screenChunks,
      ...made(SIGN_IN_STYLES),
      ...made(HEADER_MENU),
      ...made(CLAIMS_READER),
      ...made(LIVE_UPDATES),
    ].map((c) => c.facadeModuleId),
  );
  const readingClaims = loadedBefore(chunks, made(CLAIMS_READER));
  const beforeSignIn = loadedBefore(chunks, made(SIGN_IN));
  const beforeLogin = loadedBefore(chunks, made(LOGIN));
  const signInStyles = loadedBefore(chunks, made(SIGN_IN_STYLES));
  const menus = loadedBefore(chunks, made(HEADER_MENU));
  const onDemand = loadedBefore(chunks, made(PUBLIC_ON_DEMAND));
  const frame = loadedBefore(chunks, frameChunks);
  const landing = loadedBefore(chunks, made(LANDING));
  // What the live updates share with lazy modules (the features' query keys they invalidate): the modules of the
  // chunks their own chunk imports.
  const liveShared = loadedBefore(
    chunks,
    made(LIVE_UPDATES).flatMap((c) => c.imports.flatMap((file) => chunks.get(file) ?? [])),
  );
  const usedBy = new Map<string, number>();
  for (const screen of screenChunks)
    for (const id of loadedBefore(chunks, [screen])) usedBy.set(id, (usedBy.get(id) ?? 0) + 1);
  const common = SCREENS_SHARE * screenChunks.length;
  // The sign-in styles stay in their own chunk (with their stylesheet), whoever else loads them.
  const beyond = (id: string) => !first.has(id) && !own.has(id) && !signInStyles.has(id);
  // Judged by each module's own imports, not by the chunk the splitting put it in with others: what draws over
  // the page (floating-ui or FocusTrap: Popover, Menu, Combobox, Select, Tooltip, Modal, and what draws them) and
  // what scrolls (ScrollArea: Table, and what draws it).
  const imports = resolvedImports(importedIds);
  const overlaid = reaching(imports, (id) => FLOATING_UI.test(id) || FOCUS_TRAP.test(id));
  const scrolled = reaching(imports, (id) => SCROLL_AREA.test(id));
  const sharedWithConsole = (id: string) => frame.has(id) || (usedBy.get(id) ?? 0) >= common;
  // What 40 % of the signed-in screens use beyond the frame and the sign-in steps, zod's schemas aside: the
  // screens' common groups below split it by what it needs.
  const sharedByScreens = (id: string) =>
    beyond(id) &&
    !frame.has(id) &&
    !beforeSignIn.has(id) &&
    !isSchemaModule(id) &&
    !PILLS.test(id) &&
    (usedBy.get(id) ?? 0) >= common;
  // And the library modules the server-side data table draws with beyond what the scrolled ones import (its
  // rows' checkboxes): the screens that draw no such list load none of them.
  const scrolledNeed = followed(
    imports,
    [...scrolled].filter((id) => sharedByScreens(id) && !overlaid.has(id)),
  );
  const tabled = new Set(
    [
      ...followed(
        imports,
        [...imports.keys()].filter((id) => DATA_TABLE.test(id)),
      ),
    ].filter((id) => NODE_MODULES.test(id) && !scrolledNeed.has(id)),
  );
  // Mantine's Menu and what only it imports.
  const menuOwn = ownedBy(imports, (id) => MENU.test(id));
  // What the screens' common groups beyond the overlays (`screens-lists`, `screens`) import, directly or not.
  const neededByPlainShared = followed(
    imports,
    [...imports.keys()].filter((id) => sharedByScreens(id) && !overlaid.has(id) && !menus.has(id)),
  );
  // What the menus share with lazy modules that draw no dropdown (Tabs' arrow-key handler, which Menu's items use
  // too): those modules import it from a group of its own, not from the menus' 22 KB.
  const notThroughIndexes = new Map([...imports].filter(([id]) => !MANTINE_INDEX.test(id)));
  const neededByPlainLazy = followed(
    notThroughIndexes,
    [...notThroughIndexes.keys()].filter((id) => beyond(id) && !menus.has(id) && !overlaid.has(id)),
  );
  return [
    { name: 'index', test: (id: string) => first.has(id) },
    // Before `schemas`, which shares zod's core with it: a signed-in page's first render waits for this alone.
    { name: 'claims', test: (id: string) => beyond(id) && readingClaims.has(id) },
    {
      name: 'schemas',
      test: (id: string) => beyond(id) && isSchemaModule(id) && (beforeSignIn.has(id) || frame.has(id)),
    },
    {
      name: 'public-common',
      test: (id: string) => beyond(id) && beforeLogin.has(id) && sharedWithConsole(id),
    },
    { name: 'public-shared', test: (id: string) => beyond(id) && beforeLogin.has(id) && usedBy.has(id) },
    { name: 'public', test: (id: string) => beyond(id) && beforeLogin.has(id) },
    {
      name: 'code-common',
      test: (id: string) => beyond(id) && beforeSignIn.has(id) && sharedWithConsole(id),
    },
    { name: 'code', test: (id: string) => beyond(id) && beforeSignIn.has(id) },
    // The signed-in frame's menus use them too: in groups of their own, the public pages' menus, dev outbox and
    // toasts do not load `console`, and the dev outbox and toasts load what they share with the menus alone.
    // What the signed-in frame, the landing screen and the screens' common groups beyond the overlays share with
    // the menus (Mantine's transitions, portals, hooks; Checkbox's check icon, which Menu's items draw too):
    // apart, so they do not load the menus to get it.
    {
      name: 'frame-shared',
      test: (id: string) =>
        beyond(id) && menus.has(id) && (frame.has(id) || landing.has(id) || neededByPlainShared.has(id)),
    },
    {
      name: 'menus-plain',
      // Not what a public page loads on demand (the dev outbox's button, the toasts: `overlays`, so /login loads no
      // group named for the menus), nor the overlays' stylesheet, which stays with the overlays' code (the modules of
      // their class names import it) rather than in every screen that draws a tab.
      test: (id: string) =>
        beyond(id) &&
        menus.has(id) &&
        !onDemand.has(id) &&
        !overlaid.has(id) &&
        neededByPlainLazy.has(id) &&
        !id.endsWith('.css'),
    },
    { name: 'overlays', test: (id: string) => beyond(id) && menus.has(id) && onDemand.has(id) },
    // Mantine's Menu itself apart from what it shares with the other dropdowns (Popover, floating-ui): a screen
    // that draws a Select or a Tooltip but no menu loads `menus` without it.
    {
      name: 'menu',
      test: (id: string) => beyond(id) && menus.has(id) && menuOwn.has(id),
      includeDependenciesRecursively: false,
    },
    { name: 'menus', test: (id: string) => beyond(id) && menus.has(id) },
    {
      name: 'console',
      // With what the live updates, loaded once the frame has drawn, share with the screens (the features' query
      // keys): here, as when the frame imported them, rather than each in a small file of its own, a request for
      // the screens that use it and a name more in the entry's list of lazy files (/login's first load).
      test: (id: string) => beyond(id) && (frame.has(id) || liveShared.has(id)) && !beforeSignIn.has(id),
      // Dependencies of theirs already in a group above stay there (else /login would load this group). No
      // cycle comes of it: what the public screens load never imports the frame.
      includeDependenciesRecursively: false,
    },
    // The landing screen's share of them apart (the dashboard draws no table: TanStack Table and Virtual stay in
    // `screens`), so the first screen after sign-in loads only what it draws.
    {
      name: 'dashboard-shared',
      test: (id: string) =>
        beyond(id) &&
        !frame.has(id) &&
        !beforeSignIn.has(id) &&
        (usedBy.get(id) ?? 0) >= common &&
        landing.has(id),
      includeDependenciesRecursively: false,
    },
    // zod's schemas stay with the screens that build them (a form's check, a screen's own answers in dev): in
    // this group, one screen's schema module made every screen load zod.
    // Those that need floating-ui or Mantine's FocusTrap (dropdowns, tooltips, dialogs: they import the menus'
    // group) apart, and apart again those that need Mantine's ScrollArea (tables): the dashboard's widgets, which
    // draw tables, load neither the overlays nor the menus; /reports' list loads neither group. What the
    // server-side data table adds to them (its rows' checkboxes) apart too: the dashboard draws no such list.
    {
      name: 'screens-overlays',
      test: (id: string) => sharedByScreens(id) && overlaid.has(id),
      includeDependenciesRecursively: false,
    },
    {
      name: 'screens-lists',
      test: (id: string) => sharedByScreens(id) && scrolled.has(id),
      includeDependenciesRecursively: false,
    },
    {
      name: 'screens-tables',
      test: (id: string) => sharedByScreens(id) && tabled.has(id),
      includeDependenciesRecursively: false,
    },
    {
      name: 'screens',
      test: sharedByScreens,
      includeDependenciesRecursively: false,
    },
    {
      debugName: 'wording',
      name: (id: string) => {
        const [, language, namespace = ''] = LAZY_WORDING.exec(id) ?? [];
        if (!language || first.has(id)) return null;
        return wordingGroup(language, namespace);
      },
    },
  ];
}

// Screens are lazy route modules and the bundler's own splitting decides the rest: no vendor groups, which
// put every Mantine component and all of TanStack and zod into chunks /login preloaded (issue 12;
// `npm run bench:web` measures each screen's first load).
//
// The groups above come from that splitting (`groups()`): the entry's modules in one file are 22 KB smaller
// gzipped than in ~55, and Lighthouse's mobile first paint on /login went from 4.8–5.4 s to 3.0–3.2 s.
// This costs a second build pass (~5 s).
export default defineConfig(async ({ command }) => ({
  plugins: [...sourcePlugins(), bootPreload(), precompress()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions:
      command === 'build' ? { output: { codeSplitting: { groups: await groups() } } } : undefined,
  },
}));
