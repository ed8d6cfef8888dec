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
export async function ensureWebBuilt({ force = false } = {}) {
  const index = join(root, 'apps/web/dist/index.html');
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/public',
    'packages/contracts/src',
  ];
  const sourceTime = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  if (!force && existsSync(index) && statSync(index).mtimeMs >= sourceTime) return 0;
  console.log('[vnoc] building the web app…');
  return run('npm', ['run', 'build', '-w', '@vnoc/web']);
}

/**
 * Installs the Debian packages whose programs the tests run for real and are missing (the device agent's tests:
 * ping, traceroute, tracepath, ip). `programs`: program path → package.
 */
export function ensureDebianPrograms(programs) {
  const missing = [
    ...new Set(
      Object.entries(programs)
        .filter(([path]) => !existsSync(path))
        .map(([, p]) => p),
    ),
  ];
  if (!missing.length) return;
  console.log(`[vnoc] installing ${missing.join(', ')} from Debian packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0)
      throw new Error(
        `apt-get ${args.join(' ')} failed; install ${missing.join(', ')} (Debian packages) by hand.`,
      );
  }
}

/** Installs Debian's Chromium when it is missing (these machines run as root with Debian's packages). */
export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  console.log('[vnoc] installing Chromium from Debian packages…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0)
      throw new Error(
        `apt-get ${args.join(' ')} failed; install Chromium (Debian package "chromium") by hand.`,
      );
  }
}
