import { describe, expect, it } from 'vitest';
import { createLiveAnswers } from '../src/answers/live-answers.ts';
import { createMemoryEventBus } from '../src/events/memory-bus.ts';
import { silentLog } from './helpers.ts';

const alertEvent = (type: 'alert.raised' | 'alert.cleared' | 'alert.updated') => ({
  type,
  alertId: '00000000-0000-4000-8000-000000000001',
  code: 'device_offline' as const,
  severity: 'major' as const,
  siteId: null,
  deviceId: null,
  rootAlertId: null,
  at: new Date(0).toISOString(),
});

const statusEvent = {
  type: 'device.status' as const,
  deviceId: 'x',
  siteId: 'y',
  from: 'online' as const,
  to: 'offline' as const,
  at: '',
};

describe('alert list pages shared until the alerts change', () => {
  it('an alert event of the organization ends its pages; other organizations and other events do not', async () => {
    const bus = createMemoryEventBus(silentLog);
    const lists = createLiveAnswers(bus);
    let loads = 0;
    const ask = (org: string, params: unknown = { page: 0 }) =>
      lists.get('alerts', org, params, async () => {
        loads += 1;
        return loads;
      });
    expect(await ask('A')).toBe(1);
    expect(await ask('A')).toBe(1);
    expect(await ask('A', { page: 1 })).toBe(2);
    expect(await ask('B')).toBe(3);
    bus.publish('B', alertEvent('alert.raised'));
    bus.publish('A', statusEvent);
    expect(await ask('A')).toBe(1);
    for (const type of ['alert.raised', 'alert.cleared', 'alert.updated'] as const) {
      const before = loads;
      bus.publish('A', alertEvent(type));
      expect(await ask('A')).toBe(before + 1);
      expect(await ask('A')).toBe(before + 1);
    }
    lists.close();
  });

  it('a resync (events missed) ends every organization’s pages; an age of 0 shares nothing', async () => {
    const bus = createMemoryEventBus(silentLog);
    const lists = createLiveAnswers(bus);
    let loads = 0;
    const load = async () => ++loads;
    await lists.get('alerts', 'A', {}, load);
    await lists.get('alerts', 'B', {}, load);
    bus.publish('A', { type: 'resync' });
    expect(await lists.get('alerts', 'B', {}, load)).toBe(3);
    const none = createLiveAnswers(bus, 0);
    expect(await none.get('alerts', 'A', {}, load)).toBe(4);
    expect(await none.get('alerts', 'A', {}, load)).toBe(5);
    lists.close();
    none.close();
  });

  it("changed() ends an organization's answers at once, before its event comes back from the bus", async () => {
    // A bus that delivers nothing (Redis delivers a process's own events only later).
    const bus = createMemoryEventBus(silentLog);
    const lists = createLiveAnswers({ ...bus, subscribe: () => () => undefined });
    let loads = 0;
    const load = async () => ++loads;
    expect(await lists.get('alerts', 'A', {}, load)).toBe(1);
    bus.publish('A', alertEvent('alert.updated'));
    expect(await lists.get('alerts', 'A', {}, load)).toBe(1);
    lists.changed('A');
    expect(await lists.get('alerts', 'A', {}, load)).toBe(2);
    expect(await lists.get('alerts', 'B', {}, load)).toBe(3);
    lists.close();
  });

  it("a device status event ends the organization's answers about its devices, not those about its alerts", async () => {
    const bus = createMemoryEventBus(silentLog);
    const live = createLiveAnswers(bus);
    let loads = 0;
    const load = async () => ++loads;
    const counts = () => live.get('device/statuscounts', 'A', null, load, 'devices');
    const alerts = () => live.get('alerts', 'A', {}, load);
    expect(await counts()).toBe(1);
    expect(await alerts()).toBe(2);
    bus.publish('A', statusEvent);
    expect(await counts()).toBe(3);
    expect(await alerts()).toBe(2);
    bus.publish('A', alertEvent('alert.raised'));
    expect(await counts()).toBe(3);
    expect(await alerts()).toBe(4);
    live.changed('A', 'devices');
    expect(await counts()).toBe(5);
    live.close();
  });
});
