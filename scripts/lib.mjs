// Shared helpers for the start and test scripts: run a command, and make sure the web app is built.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the repo root with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Builds apps/web unless its dist is newer than every source it is built from. */
export async function ensureWebBuilt() {
  const index = join(root, 'apps/web/dist/index.html');
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/public',
    'packages/contracts/src',
  ];
  const sourceTime = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  if (existsSync(index) && statSync(index).mtimeMs >= sourceTime) return 0;
  console.log('[vnoc] building the web app…');
  return run('npm', ['run', 'build', '-w', '@vnoc/web']);
}

/**
 * What the test run needs from Debian's packages, by the file each one installs: Chromium for the browser tests;
 * ping, traceroute, tracepath and ip for the device agent's diagnostics and the network-namespace tests.
 */
export const TEST_PACKAGES = {
  chromium: '/usr/bin/chromium',
  'iputils-ping': '/usr/bin/ping',
  'iputils-tracepath': '/usr/bin/tracepath',
  traceroute: '/usr/bin/traceroute.db',
  iproute2: '/usr/sbin/ip',
};

/** Installs the missing ones of `packages` (name → a file it installs); these machines run as root with Debian's packages. */
export function ensureDebianPackages(packages = TEST_PACKAGES) {
  const missing = Object.entries(packages)
    .filter(([, file]) => !existsSync(file))
    .map(([name]) => name);
  if (missing.length === 0) return;
  console.log(`[vnoc] installing from Debian packages: ${missing.join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0)
      throw new Error(
        `apt-get ${args.join(' ')} failed; install the Debian packages ${missing.join(', ')} by hand.`,
      );
  }
}
