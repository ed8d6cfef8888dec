// `npm run build -w @vnoc/agent`: the agent and its dependencies in one file, dist/vnoc-agent.mjs, for a device
// without this repository (Node 20, no native addons): `node vnoc-agent.mjs --config /etc/vnoc-agent.json`.
import { build } from 'esbuild';

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: process.env.VNOC_AGENT_OUTFILE ?? new URL('./dist/vnoc-agent.mjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  minify: true,
  legalComments: 'linked',
  // mqtt's CommonJS parts call require() for Node's built-ins.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __vnocRequire } from 'node:module'; const require = __vnocRequire(import.meta.url);",
  },
});
