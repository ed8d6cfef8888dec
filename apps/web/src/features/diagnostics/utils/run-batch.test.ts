import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { job } from '../test/fixtures.ts';
import { mapLimit, startBatch } from './run-batch.ts';

describe('mapLimit', () => {
  it('keeps the order, settles each item, and never runs more than the limit at once', async () => {
    vi.useFakeTimers();
    let running = 0;
    let peak = 0;
    // Later items finish sooner, so the order kept is mapLimit's, not the order they settle in.
    const settled = mapLimit([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5 * (8 - n)));
      running -= 1;
      if (n === 4) throw new Error('four');
      return n * 10;
    });
    await vi.runAllTimersAsync();
    const results = await settled;
    vi.useRealTimers();
    expect(peak).toBe(3);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      10,
      20,
      30,
      'four',
      50,
      60,
      70,
    ]);
  });

  it('does nothing for no items', async () => {
    expect(await mapLimit([], 4, async () => 1)).toEqual([]);
  });
});

describe('startBatch', () => {
  const devices = ['a', 'b', 'c'].map((id) => ({
    id,
    name: `Device ${id}`,
    kind: 'firewall',
    macAddress: `00:00:00:00:00:0${id}`,
    site: { name: `Site ${id}` },
  }));

  it('calls the action once per device with one batch id, and lists refusals with their message', async () => {
    await i18n.changeLanguage('en');
    const calls: unknown[] = [];
    const batch = await startBatch(
      'wantest',
      devices,
      async (request) => {
        calls.push(request);
        if (request.deviceId === 'b')
          throw new ApiError(
            409,
            { id: 'conflict', message: 'This action is already running on this device.' },
            'x',
          );
        return job('wantest', 'queued', { id: `job-${request.deviceId}`, deviceId: request.deviceId });
      },
      () => 'batch-1',
    );
    expect(calls).toEqual(
      devices.map((d) => ({ action: 'wantest', deviceId: d.id, body: { batchId: 'batch-1' } })),
    );
    expect(batch.batchId).toBe('batch-1');
    expect(batch.jobs.map((j) => j.id)).toEqual(['job-a', 'job-c']);
    expect(batch.refusals).toEqual([
      { device: devices[1], message: 'This action is already running on this device.' },
    ]);
  });
});
