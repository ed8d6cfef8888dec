import { execFile } from 'node:child_process';

/** What a command printed and how it ended; `missing` when the program is not installed. */
export type RunResult = {
  stdout: string;
  stderr: string;
  code: number | null;
  missing: boolean;
  timedOut: boolean;
};

/** Runs a program with its arguments (never through a shell), bounded in time and output. */
export type Runner = (
  command: readonly string[],
  options?: { timeoutMs?: number; signal?: AbortSignal },
) => Promise<RunResult>;

/** The commands' environment: the C locale, so their output parses the same on every device. */
const ENV = { ...process.env, LC_ALL: 'C', LANG: 'C' };

export const runCommand: Runner = (command, options = {}) =>
  new Promise((resolve) => {
    const [file, ...args] = command;
    if (!file) throw new Error('empty command');
    execFile(
      file,
      args,
      {
        timeout: options.timeoutMs ?? 30_000,
        killSignal: 'SIGKILL',
        maxBuffer: 1024 * 1024,
        signal: options.signal,
        env: ENV,
      },
      (error, stdout, stderr) => {
        const err = error as (NodeJS.ErrnoException & { killed?: boolean; code?: unknown }) | null;
        resolve({
          stdout: String(stdout),
          stderr: String(stderr),
          code: err ? (typeof err.code === 'number' ? err.code : null) : 0,
          missing: err?.code === 'ENOENT',
          timedOut: Boolean(err?.killed) || err?.name === 'AbortError',
        });
      },
    );
  });
