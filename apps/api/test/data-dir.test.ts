import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirError, prepareDataDir, reasonOf } from '../src/db/data-dir.ts';

const made: string[] = [];
function tempDir(mode: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vnoc-data-dir-'));
  chmodSync(dir, mode);
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) {
    chmodSync(dir, 0o755);
    rmSync(dir, { recursive: true, force: true });
  }
});
const modeOf = (dir: string) => statSync(dir).mode & 0o777;
const refusal = (run: () => void): DataDirError => {
  try {
    run();
  } catch (error) {
    if (error instanceof DataDirError) return error;
    throw error;
  }
  throw new Error('prepareDataDir accepted it');
};

describe('prepareDataDir (issue 11: DATA_DIR=$(mktemp -d) npm start as root)', () => {
  it('as root, opens a 0700 data directory to the postgres user for search only', () => {
    const dir = tempDir(0o700);
    prepareDataDir(dir, true);
    expect(modeOf(dir)).toBe(0o701);
  });

  it('creates a missing data directory (and its pg part) reachable by postgres', () => {
    const dir = path.join(tempDir(0o755), 'data', 'pg');
    prepareDataDir(dir, true);
    expect(modeOf(dir) & 0o001).toBe(0o001);
  });

  it('leaves the mode alone when not root (PostgreSQL then runs as the same user)', () => {
    const dir = tempDir(0o700);
    prepareDataDir(dir, false);
    expect(modeOf(dir)).toBe(0o700);
  });

  it('as root, refuses a data directory under a parent closed to other users, naming the fix', () => {
    const parent = tempDir(0o700);
    const error = refusal(() => prepareDataDir(path.join(parent, 'data'), true));
    expect(error.message).toContain(`${parent} is closed to other users (mode 0700)`);
    expect(error.message).toContain(`chmod o+x ${parent}`);
    expect(modeOf(parent)).toBe(0o700);
  });

  it('refuses a path through a file with a reason, not a stack', () => {
    const file = path.join(tempDir(0o755), 'a-file');
    writeFileSync(file, 'x');
    const error = refusal(() => prepareDataDir(path.join(file, 'data'), true));
    expect(error.message).toBe(
      `DATA_DIR ${path.join(file, 'data')} cannot be used: a part of the path is a file, not a directory. Choose another DATA_DIR.`,
    );
  });

  it.each([
    ['EROFS', 'the file system is read-only'],
    ['ENOSPC', 'the disk is full'],
    ['EACCES', 'permission denied'],
  ])('names %s as "%s"', (code, words) => {
    expect(reasonOf(Object.assign(new Error('raw'), { code }))).toBe(words);
  });
});
