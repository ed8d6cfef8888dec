/**
 * The speed-test endpoint a device's agent measures its link against (docs/device-protocol.md, apps/agent
 * README "speedtest"): the device downloads N bytes and uploads up to 50 MB, authenticated with its own id and
 * secret (HTTP Basic), rate-limited per device. Nothing is stored.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import { checkDeviceSecret } from '../../fleet/edge/credentials.ts';

/** The most one download or upload moves. */
export const SPEEDTEST_MAX_BYTES = 50 * 1024 * 1024;
/** Per device: a speed test is 3 requests (latency probe, download, upload); 6 tests per 10 minutes. */
export const SPEEDTEST_REQUESTS_PER_WINDOW = 18;
export const SPEEDTEST_WINDOW_MS = 10 * 60_000;
/** Per client address: wrong credentials before it is refused for a while. */
const FAILURES_PER_ADDRESS = 20;
const FAILURE_WINDOW_MS = 60_000;

export const SPEEDTEST_MESSAGES = {
  unauthorized: 'The device id or secret is not valid.',
  tooLarge: `An upload is at most ${SPEEDTEST_MAX_BYTES} bytes.`,
} as const;

const unauthorized = () => new AppError(401, 'unauthorized', SPEEDTEST_MESSAGES.unauthorized);

/** `Basic base64(id:secret)` → the parts, or null. */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * The device the request's credentials name, or 401 (the same answer for an unknown device, a wrong, revoked
 * or missing secret). Then the device's own rate limit (429).
 */
export async function authenticateSpeedtest(
  ctx: AppContext,
  authorization: string | undefined,
  ip: string,
): Promise<{ deviceId: string }> {
  const credentials = basicCredentials(authorization);
  const check = credentials ? await checkDeviceSecret(ctx.db, credentials.id, credentials.secret) : null;
  if (!check?.ok) {
    await ctx.limiter.hit(`edge-speedtest-fail:${ip}`, FAILURES_PER_ADDRESS, FAILURE_WINDOW_MS);
    throw unauthorized();
  }
  await ctx.limiter.hit(
    `edge-speedtest:${check.deviceId}`,
    SPEEDTEST_REQUESTS_PER_WINDOW,
    SPEEDTEST_WINDOW_MS,
  );
  return { deviceId: check.deviceId };
}

/** One 64 KiB block of random bytes, repeated: nothing on the way can compress the download. */
let block: Buffer | null = null;

/** A stream of exactly `bytes` bytes. */
export function downloadStream(bytes: number): Readable {
  block ??= randomBytes(64 * 1024);
  const source = block;
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) {
        this.push(null);
        return;
      }
      const n = Math.min(left, source.length);
      left -= n;
      this.push(n === source.length ? source : source.subarray(0, n));
    },
  });
}

/** Reads an upload to its end, counting it; 413 past the cap (the rest is not read). */
export function countUpload(body: NodeJS.ReadableStream): Promise<{ bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const stream = body as Readable;
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > SPEEDTEST_MAX_BYTES) {
        stream.removeAllListeners('data');
        stream.pause();
        reject(new AppError(413, 'invalid_input', SPEEDTEST_MESSAGES.tooLarge));
      }
    });
    stream.on('end', () => resolve({ bytes, ms: Math.round(performance.now() - started) }));
    stream.on('error', (err) => reject(err));
  });
}

export const speedtestErrors = { unauthorized, rateLimited: Errors.rateLimited };
