/**
 * OpenWISP's monitoring agent, unchanged (docs/device-protocol.md, section 6): an OpenWrt router posts its NetJSON
 * DeviceMonitoring to `POST /api/v1/monitoring/device/{uuid}/?key=…[&time=…][&current=true]`. The device is its
 * own caller: its key reaches only its own device. Answers as the agent expects them: 200 stored; 400 a body (or
 * time) it should discard; 403 a wrong or revoked key, or a device that does not report this way; 404 no such
 * device; 429 posting faster than OPENWISP_POSTS_PER_MINUTE.
 */

import type { AppContext } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import { checkDeviceSecret } from '../../fleet/edge/credentials.ts';

/**
 * Posts per device and minute. The agent posts once per interval (5 minutes by default); after an outage it
 * replays its backlog one post after another (pausing 1–5 s every 10), which this lets drain at a minute's pace
 * without letting one device flood the server. A refused post is retried by the agent.
 */
export const OPENWISP_POSTS_PER_MINUTE = 60;

/** `DD-MM-YYYY_HH:MM:SS` with an optional fraction of up to 6 digits (the agent adds `.000000`), UTC. */
const TIME = /^(\d{2})-(\d{2})-(\d{4})_(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/;
export const TIME_FORMAT_MESSAGE =
  'time must be DD-MM-YYYY_HH:MM:SS.ffffff (UTC), as the OpenWISP agent sends it.';

/** The agent's `time` as ms since the epoch, or null when it is no real date and time. */
export function parseOpenWispTime(value: string): number | null {
  const m = TIME.exec(value);
  if (!m) return null;
  const [day, month, year, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const fraction = Number((m[7] ?? '0').padEnd(6, '0'));
  const ms = Date.UTC(year, month - 1, day, hour, minute, second, Math.floor(fraction / 1000));
  const d = new Date(ms);
  // Date.UTC rolls 31-02 over to March: a date that does not exist is refused.
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return ms;
}

export type OpenWispPost = {
  uuid: string;
  key: string;
  time: string | undefined;
  current: 'true' | 'false' | undefined;
  /** The body as it came (text): parsed by the ingest, so a body that is not JSON is counted as malformed. */
  body: unknown;
};

export async function receiveOpenWispReport(ctx: AppContext, post: OpenWispPost): Promise<{ detail: 'ok' }> {
  const receivedAt = ctx.now().getTime();
  const check = await checkDeviceSecret(ctx.db, post.uuid, post.key);
  if (!check.ok) {
    if (check.reason === 'unknown-device') throw Errors.notFound();
    throw new AppError(403, 'forbidden', 'The key is not valid for this device.');
  }
  if (check.driver !== 'openwisp')
    throw new AppError(403, 'forbidden', "This device does not report through OpenWISP's monitoring agent.");
  await ctx.limiter.hit(`openwisp:${check.deviceId}`, OPENWISP_POSTS_PER_MINUTE, 60_000);
  let sampledAt: number | undefined;
  if (post.time !== undefined) {
    const at = parseOpenWispTime(post.time);
    if (at === null) throw Errors.invalidInput(TIME_FORMAT_MESSAGE, 'time');
    sampledAt = at;
  }
  // A sample without a time is the live one; with one, only the backlog's last (current=true) is.
  const current = post.current === 'true' || post.time === undefined;
  const outcome = await ctx.edge.ingest.report(check.deviceId, post.body, {
    source: 'openwisp',
    receivedAt,
    ...(sampledAt !== undefined ? { sampledAt } : {}),
    current,
  });
  if (!outcome.ok) {
    if (outcome.reason === 'unknown-device') throw Errors.notFound();
    // Revoked or rotated between the key's check and the store.
    if (outcome.reason === 'revoked')
      throw new AppError(403, 'forbidden', 'The key is not valid for this device.');
    throw Errors.invalidInput(outcome.message, 'body');
  }
  return { detail: 'ok' };
}
