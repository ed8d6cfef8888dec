import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `Another vNOC process (PID ${ownerPid}) is already using the data directory ${dataDir}. ` +
        'Stop it first, or start this one with a different DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export type DataDirLock = { file: string; release: () => void };

/** Whether a process with this pid runs (ours or another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes DATA_DIR/vnoc.lock exclusively (O_EXCL) and writes our PID in it. A lock whose PID is no
 * longer running is stale (a crash) and is taken over; a live owner makes this throw DataDirLockedError.
 */
export function acquireDataDirLock(dataDir: string, pid = process.pid): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'vnoc.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, `${pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        file,
        release: () => {
          if (released) return;
          released = true;
          // Only remove the lock if it is still ours.
          if (readOwner(file) === pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (owner !== undefined && owner !== pid && isAlive(owner))
        throw new DataDirLockedError(dataDir, owner);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

function readOwner(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
