import type { LiveEvent } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { type LiveEnvelope, localSide } from '../src/events/bus.ts';
import { silentLog } from './helpers.ts';

const resync: LiveEvent = { type: 'resync' };
const envelope = (id: string): LiveEnvelope => ({ id, organizationId: 'org', event: resync });

describe("a bus's local side", () => {
  const build = () => {
    const local = localSide(silentLog, { maxEvents: 10 });
    const published: string[] = [];
    const bus = local.bus({
      publish: (organizationId) => published.push(organizationId),
      ready: () => Promise.resolve(),
      close: async () => local.clear(),
    });
    return { local, bus, published };
  };

  it("keeps the bus's own publish and hands what it receives to listeners and the replay buffer", () => {
    const { local, bus, published } = build();
    const heard: string[] = [];
    const stop = bus.subscribe((e) => heard.push(e.id));
    bus.publish('org', resync);
    expect(published).toEqual(['org']);
    local.receive(envelope('1-0-a'));
    local.receive(envelope('2-0-a'));
    expect(heard).toEqual(['1-0-a', '2-0-a']);
    expect(bus.lastId).toBe('2-0-a');
    expect(bus.since('1-0-a')?.map((e) => e.id)).toEqual(['2-0-a']);
    stop();
    local.receive(envelope('3-0-a'));
    expect(heard).toEqual(['1-0-a', '2-0-a']);
    expect(bus.lastId).toBe('3-0-a');
  });

  it('stops delivering once closed', async () => {
    const { local, bus } = build();
    const heard: string[] = [];
    bus.subscribe((e) => heard.push(e.id));
    await bus.close();
    local.receive(envelope('1-0-a'));
    expect(heard).toEqual([]);
  });
});
