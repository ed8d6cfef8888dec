import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, stopOrphanedPostgres } from '../src/db/embedded-postgres.ts';

const quiet = { info: () => undefined, debug: () => undefined, error: () => undefined };
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'vnoc-orphan-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as `postgres` when we are root
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

describe('the embedded PostgreSQL after its server was killed (issue 11, crash safety)', () => {
  it('a new start stops the PostgreSQL the killed server left running and keeps its committed data', async () => {
    const server = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/embedded-writer.ts'), dir],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const orphan = await new Promise<number>((resolve, reject) => {
      server.stdout?.on('data', (chunk: Buffer) => {
        const match = /ready (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      server.once('exit', (code) => reject(new Error(`the writer exited (${code})`)));
    });
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    expect(alive(orphan), 'PostgreSQL outlives the server killed with SIGKILL').toBe(true);

    const messages: string[] = [];
    const handle = await startEmbeddedPostgres(dir, 0, { ...quiet, info: (m) => messages.push(m) });
    try {
      expect(alive(orphan)).toBe(false);
      expect(messages).toContain(
        `Stopped the embedded PostgreSQL a killed server left running (pid ${orphan}).`,
      );
      const client = new pg.Client({ connectionString: handle.url });
      await client.connect();
      const { rows } = await client.query('select note from acknowledged');
      await client.end();
      expect(rows).toEqual([{ note: 'written before the kill' }]);
    } finally {
      await handle.stop();
    }
  }, 120_000);

  it('leaves alone a process whose pid a stale postmaster.pid names but which is not its postgres', async () => {
    const cluster = path.join(dir, 'cluster');
    mkdirSync(cluster);
    writeFileSync(path.join(cluster, 'postmaster.pid'), `${process.pid}\n${cluster}\n`);
    expect(await stopOrphanedPostgres(cluster)).toBeUndefined();
    writeFileSync(path.join(cluster, 'postmaster.pid'), 'not a pid\n');
    expect(await stopOrphanedPostgres(cluster)).toBeUndefined();
  });
});
