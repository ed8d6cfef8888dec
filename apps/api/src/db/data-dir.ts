import { chmodSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** DATA_DIR cannot be used; the message says why and what to change (shown instead of a stack). */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EEXIST: 'a file of that name is in the way',
};

/** Why a file system call failed, in words. */
export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (code && REASONS[code]) ?? (error instanceof Error ? error.message : String(error));
}

/** Other users may enter the directory (the `x` bit for others). */
const searchable = (mode: number) => (mode & 0o001) !== 0;

/**
 * Makes `dir` usable by the embedded PostgreSQL (issue 11): it exists and is writable, else a
 * DataDirError naming the reason (read-only, full, permission); and when we run as root, PostgreSQL runs
 * as the user `postgres`, which must be able to enter every directory down to it. The data directory
 * itself is ours: it is opened to others for search only (`o+x`, no listing; the files in it are 0600).
 * A parent is not ours to change: one closed to others stops start-up with the command that fixes it.
 */
export function prepareDataDir(dir: string, runsAsRoot = process.getuid?.() === 0): void {
  const absolute = path.resolve(dir);
  try {
    mkdirSync(absolute, { recursive: true, mode: 0o755 });
    const probe = path.join(absolute, `.write-test-${process.pid}`);
    writeFileSync(probe, 'ok');
    rmSync(probe, { force: true });
  } catch (error) {
    throw new DataDirError(
      `DATA_DIR ${absolute} cannot be used: ${reasonOf(error)}. Choose another DATA_DIR.`,
    );
  }
  if (!runsAsRoot) return;
  const mode = statSync(absolute).mode & 0o7777;
  if (!searchable(mode)) chmodSync(absolute, mode | 0o001);
  for (let parent = path.dirname(absolute); ; parent = path.dirname(parent)) {
    const parentMode = statSync(parent).mode & 0o7777;
    if (!searchable(parentMode)) {
      throw new DataDirError(
        `The embedded PostgreSQL runs as the user "postgres" and cannot reach DATA_DIR ${absolute}: ` +
          `${parent} is closed to other users (mode ${parentMode.toString(8).padStart(4, '0')}). ` +
          `Run "chmod o+x ${parent}", or choose a DATA_DIR outside it.`,
      );
    }
    if (parent === path.dirname(parent)) break;
  }
}
