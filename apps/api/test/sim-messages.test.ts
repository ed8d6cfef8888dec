/**
 * What the simulator's devices publish (fleet/gateway/sim-messages.ts): every message is valid under the device
 * protocol's contracts, each device's in time order with its own times, changes as `state` or reports, and a
 * device that lost its cloud connection keeps its reports until it is heard from again.
 */
import { DeviceMonitoringSchema, DeviceStateMessageSchema } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { type SimMessage, type TickDevice, tickMessages } from '../src/fleet/gateway/sim-messages.ts';
import type { StatusEvent, WanSample } from '../src/fleet/simulator/index.ts';

const T = Date.parse('2026-03-02T10:00:00.000Z');
const fw: TickDevice = { id: 'fw', kind: 'firewall', status: 'online', silent: false };
const ap: TickDevice = { id: 'ap', kind: 'access-point', status: 'online', silent: false };
const sample = (deviceId: string, at: number, sourceInterface: 'WAN' | 'LTE' = 'WAN'): WanSample => ({
  deviceId,
  at,
  sourceInterface,
  ipAddress: '8.8.8.8',
  ping: 20,
  jitter: 2,
  loss: 0,
});
const event = (deviceId: string, at: number, from: StatusEvent['from'], to: StatusEvent['to']) => ({
  deviceId,
  at,
  from,
  to,
});
/** Each message as topic, time and what it says (status or connection). */
const summary = (messages: SimMessage[]) =>
  messages.map((m) =>
    m.topic === 'state'
      ? [m.deviceId, m.at, m.body.status]
      : [m.deviceId, m.at, m.body.vnoc?.connection, m.body.vnoc?.wan ? 'wan' : 'beat'],
  );

describe("the simulator's devices' messages", () => {
  it('are valid protocol messages, each device in time order, a change before a sample at the same time', () => {
    const messages = tickMessages(
      {
        now: T + 5_000,
        devices: [
          { ...fw, status: 'onbackup' },
          { ...ap, status: 'offline' },
        ],
        events: [event('fw', T + 2_000, 'online', 'onbackup'), event('ap', T + 1_000, 'online', 'offline')],
        samples: [sample('fw', T), sample('fw', T + 2_000, 'LTE')],
      },
      new Map(),
    );
    for (const m of messages) {
      const schema = m.topic === 'state' ? DeviceStateMessageSchema : DeviceMonitoringSchema;
      expect(schema.safeParse(m.body).success).toBe(true);
    }
    expect(summary(messages)).toEqual([
      ['fw', T, 'primary', 'wan'],
      ['fw', T + 2_000, 'secondary', 'beat'],
      ['fw', T + 2_000, 'secondary', 'wan'],
      ['fw', T + 5_000, 'secondary', 'beat'],
      ['ap', T + 1_000, 'gone'],
    ]);
    const gone = messages.find((m) => m.topic === 'state');
    expect(gone?.body).toEqual({ status: 'gone', at: T + 1_000 });
  });

  it('rebooting is a state; coming back is a report (an access point reports no connection)', () => {
    const messages = tickMessages(
      {
        now: T + 5_000,
        devices: [{ ...fw, status: 'rebooting' }, ap],
        events: [event('fw', T, 'online', 'rebooting'), event('ap', T + 1_000, 'offline', 'online')],
        samples: [],
      },
      new Map(),
    );
    expect(summary(messages)).toEqual([
      ['fw', T, 'rebooting'],
      ['ap', T + 1_000, 'none', 'beat'],
      ['ap', T + 5_000, 'none', 'beat'],
    ]);
  });

  it('the drifted signal rides on the heartbeat when it is due', () => {
    const signal = { linkStatus: 'connected', serviceType: 'LTE', rsrp: -90, rsrq: -10, sinr: 12, rssi: -65 };
    const [beat] = tickMessages({ now: T, devices: [{ ...fw, signal }], events: [], samples: [] }, new Map());
    expect(beat?.topic === 'report' && beat.body.vnoc?.cellular).toEqual([signal]);
  });

  it('a silent device keeps its reports and sends them, at their own times, once it is heard from again', () => {
    const held = new Map<string, SimMessage[]>();
    const quiet = tickMessages(
      { now: T + 5_000, devices: [{ ...fw, silent: true }, ap], events: [], samples: [sample('fw', T)] },
      held,
    );
    expect(summary(quiet)).toEqual([['ap', T + 5_000, 'none', 'beat']]);
    expect(held.get('fw')).toHaveLength(1);
    const back = tickMessages(
      { now: T + 10_000, devices: [fw], events: [], samples: [sample('fw', T + 6_000)] },
      held,
    );
    expect(summary(back)).toEqual([
      ['fw', T, 'primary', 'wan'],
      ['fw', T + 6_000, 'primary', 'wan'],
      ['fw', T + 10_000, 'primary', 'beat'],
    ]);
    expect(held.size).toBe(0);
  });

  it('a status change of a silent device sends what it kept first', () => {
    const held = new Map<string, SimMessage[]>([
      ['ap', tickMessages({ now: T, devices: [ap], events: [], samples: [] }, new Map())],
    ]);
    const messages = tickMessages(
      {
        now: T + 5_000,
        devices: [{ ...ap, status: 'offline', silent: true }],
        events: [event('ap', T + 3_000, 'online', 'offline')],
        samples: [],
      },
      held,
    );
    expect(summary(messages)).toEqual([
      ['ap', T, 'none', 'beat'],
      ['ap', T + 3_000, 'gone'],
    ]);
  });
});
