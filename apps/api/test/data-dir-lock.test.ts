import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'vnoc-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A PID that certainly no longer runs. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid ?? 0;
  await new Promise((resolve) => child.on('exit', resolve));
  return pid;
}

describe('acquireDataDirLock', () => {
  it('writes our PID and removes the lock on release', () => {
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it('refuses a second process while the owner is alive, with a clear message', async () => {
    const owner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const ownerPid = owner.pid ?? 0;
      acquireDataDirLock(dir, ownerPid);
      let error: unknown;
      try {
        acquireDataDirLock(dir, process.pid);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(`PID ${ownerPid}`);
      expect((error as Error).message).toContain(dir);
      expect(readFileSync(path.join(dir, 'vnoc.lock'), 'utf8').trim()).toBe(String(ownerPid));
    } finally {
      owner.kill();
    }
  });

  it('takes over a stale lock left by a crashed process', async () => {
    writeFileSync(path.join(dir, 'vnoc.lock'), `${await deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    writeFileSync(path.join(dir, 'vnoc.lock'), 'garbage');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it('release leaves a lock that someone else took over alone', () => {
    const lock = acquireDataDirLock(dir);
    writeFileSync(lock.file, '999999\n');
    lock.release();
    expect(existsSync(lock.file)).toBe(true);
  });
});
