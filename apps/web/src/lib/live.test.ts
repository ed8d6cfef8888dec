import { afterEach, describe, expect, it } from 'vitest';
import {
  HEARTBEAT_REFRESH_MS,
  LIVE_REFRESH_MS,
  type LiveConnection,
  liveConnection,
  liveRefetchInterval,
} from './live.ts';

describe('liveRefetchInterval (polling is the fallback of the event stream)', () => {
  afterEach(() => liveConnection.set('off'));

  it.each<[LiveConnection, number | false, number | false]>([
    ['open', false, false],
    ['open', HEARTBEAT_REFRESH_MS, HEARTBEAT_REFRESH_MS],
    ['connecting', false, LIVE_REFRESH_MS],
    ['retrying', false, LIVE_REFRESH_MS],
    ['off', HEARTBEAT_REFRESH_MS, LIVE_REFRESH_MS],
  ])('stream %s, while open %s → %s', (state, whileOpen, expected) => {
    liveConnection.set(state);
    expect(liveRefetchInterval(whileOpen)).toBe(expected);
  });

  it('keeps heartbeat ages under the 5-minute amber threshold while open', () => {
    expect(HEARTBEAT_REFRESH_MS).toBeLessThan(5 * 60_000);
    expect(LIVE_REFRESH_MS).toBe(30_000);
  });
});
