import type { LiveEvent } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import {
  compareEventIds,
  createIdGenerator,
  createMemoryEventBus,
  type LiveEnvelope,
  parseEventId,
  ReplayBuffer,
} from '../src/events/index.ts';
import { canSee, type Viewer } from '../src/modules/events/service.ts';
import { silentLog } from './helpers.ts';

const status = (siteId: string): LiveEvent => ({
  type: 'device.status',
  siteId,
  deviceId: 'd',
  from: 'online',
  to: 'offline',
  at: '2026-01-01T00:00:00.000Z',
});
const envelope = (id: string, organizationId: string | null = 'org', event = status('s')): LiveEnvelope => ({
  id,
  organizationId,
  event,
});

describe('event ids', () => {
  it('are strictly increasing for one publisher, even when the clock steps back', () => {
    const times = [1000, 1000, 999, 1002];
    const ids = createIdGenerator('abc', () => times.shift() ?? 0);
    const made = [ids.next(), ids.next(), ids.next(), ids.next()];
    expect(made).toEqual(['1000-1-abc', '1000-2-abc', '1000-3-abc', '1002-4-abc']);
    for (let i = 1; i < made.length; i++)
      expect(compareEventIds(made[i - 1] as string, made[i] as string)).toBeLessThan(0);
  });

  it.each([
    ['1000-1-a', '1000-2-a', -1],
    ['1000-9-a', '1000-10-a', -1], // numeric, not lexical
    ['999-5-a', '1000-1-a', -1],
    ['1000-1-a', '1000-1-b', -1], // same instant and sequence: the tag breaks the tie
    ['1000-1-a', '1000-1-a', 0],
    ['garbage', '1-1-a', -1], // unparseable sorts first
  ])('compare %s with %s', (a, b, sign) => {
    expect(Math.sign(compareEventIds(a, b))).toBe(sign);
    expect(Math.sign(compareEventIds(b, a))).toBe(-sign || 0);
  });

  it('parses only their own shape', () => {
    expect(parseEventId('1700000000000-42-ab12')).toEqual({ ms: 1700000000000, seq: 42, tag: 'ab12' });
    for (const bad of ['', '1-2', '1-2-', 'a-1-b', '1-1-B!', `${'9'.repeat(16)}-1-a`])
      expect(parseEventId(bad)).toBeUndefined();
  });
});

describe('ReplayBuffer', () => {
  it('answers the events after a known id, in the order received', () => {
    const buffer = new ReplayBuffer();
    for (const id of ['1-1-a', '1-2-a', '1-3-a']) buffer.push(envelope(id));
    expect(buffer.since('1-1-a')?.map((e) => e.id)).toEqual(['1-2-a', '1-3-a']);
    expect(buffer.since('1-3-a')).toEqual([]);
    expect(buffer.lastId).toBe('1-3-a');
  });

  it('answers null for an unknown id', () => {
    const buffer = new ReplayBuffer();
    buffer.push(envelope('1-1-a'));
    expect(buffer.since('1-0-a')).toBeNull();
    expect(buffer.since('nonsense')).toBeNull();
  });

  it('keeps at most maxEvents (an evicted id answers null)', () => {
    const buffer = new ReplayBuffer({ maxEvents: 3 });
    for (let i = 1; i <= 5000; i++) buffer.push(envelope(`1-${i}-a`));
    expect(buffer.size).toBe(3);
    expect(buffer.since('1-4997-a')).toBeNull();
    expect(buffer.since('1-4998-a')?.map((e) => e.id)).toEqual(['1-4999-a', '1-5000-a']);
  });

  it('drops events older than maxAgeMs but always keeps the newest', () => {
    let now = 0;
    const buffer = new ReplayBuffer({ maxAgeMs: 1000, now: () => now });
    buffer.push(envelope('1-1-a'));
    now = 500;
    buffer.push(envelope('1-2-a'));
    now = 1200;
    expect(buffer.since('1-1-a')).toBeNull();
    expect(buffer.since('1-2-a')).toEqual([]);
    now = 10_000;
    expect(buffer.size).toBe(1);
    expect(buffer.since('1-2-a')).toEqual([]);
  });

  it('ignores an event delivered twice', () => {
    const buffer = new ReplayBuffer();
    buffer.push(envelope('1-1-a'));
    buffer.push(envelope('1-1-a'));
    expect(buffer.size).toBe(1);
  });
});

describe('in-process bus', () => {
  it('delivers to every subscriber in order, remembers for resume, and stops after unsubscribe and close', async () => {
    const bus = createMemoryEventBus(silentLog);
    const got: string[] = [];
    const unsubscribe = bus.subscribe((e) => got.push(e.id));
    bus.subscribe(() => {
      throw new Error('a broken listener does not stop the others');
    });
    bus.publish('org', status('s1'));
    bus.publish('org', status('s2'));
    expect(got).toHaveLength(2);
    expect(bus.since(got[0] as string)?.map((e) => e.id)).toEqual([got[1]]);
    unsubscribe();
    bus.publish('org', status('s3'));
    expect(got).toHaveLength(2);
    await bus.close();
    const last = bus.lastId;
    bus.publish('org', status('s4'));
    expect(bus.lastId).toBe(last);
  });
});

describe('canSee (stream filter)', () => {
  const admin: Viewer = { organizationId: 'org', userId: 'u1', support: false, none: false, sites: null };
  const restricted: Viewer = {
    organizationId: 'org',
    userId: 'u2',
    support: false,
    none: false,
    sites: new Set(['s1']),
  };
  const support: Viewer = {
    organizationId: 'provider',
    userId: 's1',
    support: true,
    none: true,
    sites: null,
  };
  const chat = (userId: string): LiveEvent => ({
    type: 'chat.updated',
    conversationId: 'c',
    userId,
    by: 'support',
    at: '2026-01-01T00:00:00.000Z',
  });
  const ticket = (siteId: string): LiveEvent => ({
    type: 'ticket.updated',
    ticketId: 't',
    siteId,
    deviceId: 'd',
    status: 'open',
    by: 'support',
    at: '2026-01-01T00:00:00.000Z',
  });
  const regional: LiveEvent = {
    type: 'alert.raised',
    alertId: 'a',
    code: 'regional_outage',
    severity: 'critical',
    siteId: null,
    deviceId: null,
    rootAlertId: null,
    at: '2026-01-01T00:00:00.000Z',
  };
  it.each([
    ['admin, own organization', admin, envelope('1-1-a', 'org', status('s2')), true],
    ['admin, another organization', admin, envelope('1-1-a', 'other', status('s2')), false],
    ['restricted, a site of their groups', restricted, envelope('1-1-a', 'org', status('s1')), true],
    ['restricted, another site', restricted, envelope('1-1-a', 'org', status('s2')), false],
    ['restricted, an organization-wide event', restricted, envelope('1-1-a', 'org', regional), true],
    ['restricted, another organization-wide event', restricted, envelope('1-1-a', 'other', regional), false],
    ['support, any customer event', support, envelope('1-1-a', 'org', status('s1')), false],
    [
      'support, its own organization resync',
      support,
      envelope('1-1-a', 'provider', { type: 'resync' }),
      true,
    ],
    ['anyone, the bus-wide resync', admin, envelope('1-1-a', null, { type: 'resync' }), true],
    ["anyone, another organization's resync", admin, envelope('1-1-a', 'other', { type: 'resync' }), false],
    ['a data event without organization', admin, envelope('1-1-a', null, status('s1')), false],
    ['a chat event, to its person', admin, envelope('1-1-a', 'org', chat('u1')), true],
    [
      'a chat event, to another person of the organization',
      restricted,
      envelope('1-1-a', 'org', chat('u1')),
      false,
    ],
    [
      'a chat event naming the user, from another organization',
      admin,
      envelope('1-1-a', 'other', chat('u1')),
      false,
    ],
    ["support, any organization's chat event", support, envelope('1-1-a', 'org', chat('u1')), true],
    ["support, any organization's ticket event", support, envelope('1-1-a', 'org', ticket('s2')), true],
    ['a ticket event, to its organization', admin, envelope('1-1-a', 'org', ticket('s2')), true],
    [
      "a ticket event, to another organization's admin",
      admin,
      envelope('1-1-a', 'other', ticket('s2')),
      false,
    ],
    [
      'a ticket event, restricted, a site of their groups',
      restricted,
      envelope('1-1-a', 'org', ticket('s1')),
      true,
    ],
    ['a ticket event, restricted, another site', restricted, envelope('1-1-a', 'org', ticket('s2')), false],
  ])('%s → %s', (_name, viewer, event, expected) => {
    expect(canSee(viewer, event)).toBe(expected);
  });
});
