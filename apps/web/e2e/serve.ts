// The end-to-end servers, started ahead of the tier: `npm test` runs this beside the unit and API tiers (niced),
// so the servers' start-ups (a database, the demo seed and a week's backfill each) are done when the tier begins.
// Runs until SIGTERM or SIGINT, which it passes on to each server (each stops its embedded PostgreSQL), then exits
// once both have; if a server exits by itself, it stops the other and exits 1.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { e2eServers, root, SERVER_ARGS, serverEnv } from './servers.ts';

let stopping = false;
const exited: Promise<void>[] = [];
const children: ChildProcess[] = e2eServers.map((server) => {
  rmSync(server.dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: root,
    env: { ...process.env, ...serverEnv(server) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  exited.push(
    new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (!stopping) {
          console.error(`[e2e servers] the server on port ${server.port} exited (${signal ?? code}).`);
          stop(1);
        }
        resolve();
      }),
    ),
  );
  return child;
});

function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  void Promise.all(exited).then(() => process.exit(code));
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop(0));
