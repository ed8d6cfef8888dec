import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

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
 * The modules the entry loads before anything else, as the bundler's own splitting leaves them: those of the
 * entry chunk and of every chunk it imports statically, found by a first build that writes nothing.
 */
async function modulesOfEntry(): Promise<Set<string>> {
  const modules = new Set<string>();
  const recorder: Plugin = {
    name: 'vnoc-entry-modules',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])),
      );
      const stack = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
      const seen = new Set<string>();
      for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
        const chunk = chunks.get(file);
        if (!chunk || seen.has(file)) continue;
        seen.add(file);
        for (const id of chunk.moduleIds) modules.add(id);
        stack.push(...chunk.imports);
      }
    },
  };
  await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'silent',
    plugins: [react(), recorder],
    build: { write: false, target: 'es2022', sourcemap: false },
  });
  return modules;
}

// Screens are lazy route modules and the bundler's own splitting decides the rest: no vendor groups, which
// put every Mantine component and all of TanStack and zod into chunks /login preloaded (issue 12;
// `npm run bench:web` measures each screen's first load).
//
// One group, built from that splitting: the modules every page loads first go into the entry's one chunk. The
// splitting alone cuts them into ~55 files (one per set of lazy screens that also use them, most under 1 KB),
// all fetched before the first paint, though the entry has them all loaded before any lazy screen runs; in one
// file they are 22 KB smaller gzipped, and Lighthouse's mobile first paint on /login went from 4.8–5.4 s to
// 3.0–3.2 s.
// Lazy screens import what they share with the entry from it. This costs a second build pass (~5 s).
export default defineConfig(async ({ command }) => ({
  plugins: [react(), precompress()],
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
      command === 'build'
        ? await modulesOfEntry().then((first) => ({
            output: { codeSplitting: { groups: [{ name: 'index', test: (id: string) => first.has(id) }] } },
          }))
        : undefined,
  },
}));
