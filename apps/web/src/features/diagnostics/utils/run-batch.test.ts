import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { job } from '../test/fixtures.ts';
import { mapLimit, refusalText, startBatch } from './run-batch.ts';

/** A promise and the function that resolves it. */
function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('mapLimit', () => {
  it('keeps the order, settles each item, and never runs more than the limit at once', async () => {
    // Each item runs until the test finishes it; the test always finishes the latest item running, so they
    // settle in another order than the items' (3, 4, 5, 6, 7, 2, 1) and the order kept is mapLimit's.
    const runningNow: { n: number; finish: () => void }[] = [];
    let peak = 0;
    let started = deferred();
    const settled = mapLimit([1, 2, 3, 4, 5, 6, 7], 3, (n) => {
      const gate = deferred();
      runningNow.push({ n, finish: gate.resolve });
      peak = Math.max(peak, runningNow.length);
      started.resolve();
      return gate.promise.then(() => {
        if (n === 4) throw new Error('four');
        return n * 10;
      });
    });
    const finishedOrder: number[] = [];
    while (finishedOrder.length < 7) {
      runningNow.sort((a, b) => a.n - b.n);
      const latest = runningNow.pop();
      if (!latest) throw new Error('nothing is running, yet not every item finished');
      started = deferred();
      finishedOrder.push(latest.n);
      latest.finish();
      // A free slot takes the next item, if any is left: wait until it has started.
      if (finishedOrder.length + runningNow.length < 7) await started.promise;
    }
    const results = await settled;
    expect(peak).toBe(3);
    expect(finishedOrder).toEqual([3, 4, 5, 6, 7, 2, 1]);
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

describe("refusalText (a device that cannot carry out the action, in the person's language)", () => {
  const device = (kind: string, driver?: 'simulator' | 'agent' | 'openwisp') => ({
    id: 'd',
    name: 'Device d',
    kind,
    driver,
    macAddress: '00:00:00:00:00:0d',
    site: { name: 'Site d' },
  });
  const refused = (id: string) =>
    new ApiError(400, { id, message: 'English from the server.', errors: [] }, 'x');

  it.each([
    [
      'es',
      'not_carried',
      device('switch', 'openwisp'),
      /^Este dispositivo informa mediante el agente de monitorización de OpenWISP/,
    ],
    [
      'es',
      'not_offered',
      device('switch', 'simulator'),
      /^No disponible para conmutadores de red, que no tienen enlace WAN propio: Prueba de latencia WAN\./,
    ],
    ['es', 'not_offered', device('access-point', 'agent'), /^No disponible para puntos de acceso/],
    ['en', 'not_offered', device('switch', 'simulator'), /^Not offered for switches/],
    // Without the driver (a batch reopened from its record), the server's own words.
    ['es', 'not_carried', device('firewall'), /^English from the server\.$/],
    // Any other refusal as every error.
    ['es', 'conflict', device('firewall', 'simulator'), /^English from the server\.$/],
  ])('%s, %s, %o', async (language, id, target, expected) => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces('diagnostics');
    expect(refusalText(refused(id), target, 'wantest')).toMatch(expected);
    await i18n.changeLanguage('en');
  });
});
