import type { QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { getDeviceQueryOptions } from '../features/devices/api/get-device.ts';
import { getDeviceTelemetryQueryOptions } from '../features/devices/api/get-device-telemetry.ts';
import { getTimeseriesQueryOptions } from '../features/devices/api/get-timeseries.ts';
import { searchDevicesQueryOptions } from '../features/devices/api/search-devices.ts';
import { getBatchQueryOptions } from '../features/diagnostics/api/get-batch.ts';
import { getDeviceJobsQueryOptions } from '../features/diagnostics/api/get-device-jobs.ts';
import { getJobQueryOptions } from '../features/diagnostics/api/get-job.ts';
import { getRecentSitesQueryOptions } from '../features/sites/api/get-recent-sites.ts';
import { getSiteQueryOptions } from '../features/sites/api/get-site.ts';
import { getSiteAlertsQueryOptions } from '../features/sites/api/get-site-alerts.ts';
import { getSiteDevicesQueryOptions } from '../features/sites/api/get-site-devices.ts';
import { getUserSitesQueryOptions } from '../features/sites/api/get-user-sites.ts';
import { searchSitesQueryOptions } from '../features/sites/api/search-sites.ts';
import { getTicketQueryOptions } from '../features/tickets/api/get-ticket.ts';
import { getTicketsQueryOptions } from '../features/tickets/api/get-tickets.ts';
import { getTimelineQueryOptions } from '../features/timeline/api/get-timeline.ts';
import { mapViewQueryKey } from '../lib/map-view.ts';
import { statusCountsQuery } from '../lib/status-counts.ts';
import { ticketThreadKeys } from '../lib/ticket-thread-keys.ts';
import { userProfileQueryKey } from '../lib/user-profile.ts';
import { ANY, invalidationsFor, matchesPattern, throttleFor } from './live-invalidations.ts';

/** The console's queries (their real keys, from the features' query options), by name. */
const queries: Record<string, QueryKey> = {
  'device d1': getDeviceQueryOptions('d1').queryKey,
  'device d2': getDeviceQueryOptions('d2').queryKey,
  'site s1': getSiteQueryOptions('s1').queryKey,
  'site s2': getSiteQueryOptions('s2').queryKey,
  'site s1 devices': getSiteDevicesQueryOptions('s1').queryKey,
  'site s1 alerts': getSiteAlertsQueryOptions('s1').queryKey,
  'site s2 alerts': getSiteAlertsQueryOptions('s2').queryKey,
  'device d1 alerts': ['device', 'd1', 'alerts'],
  'device d2 alerts': ['device', 'd2', 'alerts'],
  'telemetry d1': getDeviceTelemetryQueryOptions('d1').queryKey,
  'telemetry d2': getDeviceTelemetryQueryOptions('d2').queryKey,
  'site search': searchSitesQueryOptions({ page: 0, pageSize: 50 }).queryKey,
  'recent sites': getRecentSitesQueryOptions({}).queryKey,
  'user sites': getUserSitesQueryOptions('u1').queryKey,
  'map view': mapViewQueryKey('[null,[]]', { west: -180, south: -85, east: 180, north: 85, zoom: 3 }),
  'status counts': statusCountsQuery().queryKey,
  'status counts of a group': statusCountsQuery(['g1']).queryKey,
  'problem sites': ['sites', 'problem', 8],
  'device search': searchDevicesQueryOptions({ page: 0, pageSize: 50 }).queryKey,
  'alert list': ['alerts', 'list', { status: 'active' }],
  'alert a1': ['alerts', 'detail', 'a1'],
  'job j1': getJobQueryOptions('j1').queryKey,
  'job j2': getJobQueryOptions('j2').queryKey,
  'batch b1': getBatchQueryOptions('b1').queryKey,
  'history d1': getDeviceJobsQueryOptions('d1').queryKey,
  'history d2': getDeviceJobsQueryOptions('d2').queryKey,
  'wan d1': getTimeseriesQueryOptions('1', 'd1', 'LAST_HOUR').queryKey,
  uptime: ['analytics', 'uptime', 'LAST_6_HOURS'],
  tickets: getTicketsQueryOptions({ page: 0, pageSize: 20 } as never).queryKey,
  'ticket t1': getTicketQueryOptions('t1').queryKey,
  'ticket t1 thread': ticketThreadKeys.thread('customer', 't1'),
  'ticket t2': getTicketQueryOptions('t2').queryKey,
  'support tickets': ['support', 'tickets', { page: 0, pageSize: 25 }],
  'support ticket t1': ticketThreadKeys.ticket('support', 't1'),
  'support ticket t1 thread': ticketThreadKeys.thread('support', 't1'),
  'user profile': userProfileQueryKey,
  'timeline s1': getTimelineQueryOptions({ kind: 'site', id: 's1' }, '7d').queryKey,
  'timeline s2': getTimelineQueryOptions({ kind: 'site', id: 's2' }, '30d').queryKey,
  'timeline d1': getTimelineQueryOptions({ kind: 'device', id: 'd1' }, '24h').queryKey,
};

function invalidated(event: LiveEvent): string[] {
  const patterns = invalidationsFor(event);
  return Object.entries(queries)
    .filter(([, key]) => patterns.some((pattern) => matchesPattern(pattern, key)))
    .map(([name]) => name)
    .sort();
}

const at = '2026-01-01T00:00:00.000Z';
const job = (state: 'running' | 'succeeded', batchId: string | null): LiveEvent => ({
  type: 'job.updated',
  jobId: 'j1',
  siteId: 's1',
  deviceId: 'd1',
  batchId,
  action: 'reboot',
  state,
  at,
});
const alert = (siteId: string | null, deviceId: string | null): LiveEvent => ({
  type: 'alert.raised',
  alertId: 'a1',
  code: 'device_offline',
  severity: 'major',
  siteId,
  deviceId,
  rootAlertId: null,
  at,
});

describe('live event → queries invalidated', () => {
  it.each<[string, LiveEvent, string[]]>([
    [
      'device.status: the device (and its latest report), its site, every site and device list, counts and map',
      { type: 'device.status', siteId: 's1', deviceId: 'd1', from: 'online', to: 'offline', at },
      [
        'device d1',
        'device d1 alerts',
        'device search',
        'map view',
        'problem sites',
        'recent sites',
        'site s1',
        'site s1 alerts',
        'site s1 devices',
        'site search',
        'status counts',
        'status counts of a group',
        'telemetry d1',
        'timeline d1',
        'timeline s1',
        'user sites',
      ],
    ],
    [
      'job.updated running: the job, the device history, the device and site timelines',
      job('running', null),
      ['history d1', 'job j1', 'timeline d1', 'timeline s1'],
    ],
    [
      'job.updated succeeded in a batch: the job, its batch, the history and the device (its ports)',
      job('succeeded', 'b1'),
      [
        'batch b1',
        'device d1',
        'device d1 alerts',
        'history d1',
        'job j1',
        'telemetry d1',
        'timeline d1',
        'timeline s1',
      ],
    ],
    [
      'alert.raised on a device: every alert list, its site and device alerts, the map views (cluster rings)',
      alert('s1', 'd1'),
      [
        'alert a1',
        'alert list',
        'device d1 alerts',
        'map view',
        'site s1 alerts',
        'timeline d1',
        'timeline s1',
      ],
    ],
    [
      'alert.raised without site (regional): every site and device alert list',
      alert(null, null),
      [
        'alert a1',
        'alert list',
        'device d1 alerts',
        'device d2 alerts',
        'map view',
        'site s1 alerts',
        'site s2 alerts',
        'timeline d1',
        'timeline s1',
        'timeline s2',
      ],
    ],
    [
      'ticket.updated: the ticket and its thread on both sides, and both ticket lists',
      {
        type: 'ticket.updated',
        ticketId: 't1',
        siteId: 's1',
        deviceId: 'd1',
        status: 'open',
        by: 'support',
        at: '2026-01-01T00:00:00.000Z',
      },
      [
        'support ticket t1',
        'support ticket t1 thread',
        'support tickets',
        'ticket t1',
        'ticket t1 thread',
        'tickets',
      ],
    ],
    [
      'resync: everything the stream keeps fresh',
      { type: 'resync' },
      Object.keys(queries)
        .filter((name) => !['wan d1', 'user profile'].includes(name))
        .sort(),
    ],
  ])('%s', (_name, event, expected) => {
    expect(invalidated(event)).toEqual(expected);
  });
});

describe('patterns', () => {
  it.each<[readonly unknown[], QueryKey, boolean]>([
    [['sites'], ['sites', 'search', { page: 0 }], true],
    [['site', 's1'], ['site', 's1', 'alerts'], true],
    [['site', 's1'], ['sites', 's1'], false],
    [['site', ANY, 'alerts'], ['site', 's9', 'alerts'], true],
    [['site', ANY, 'alerts'], ['site', 's9'], false],
    [['sites', { a: 1 }], ['sites', { a: 1 }], true],
  ])('%j matches %j: %s', (pattern, key, expected) => {
    expect(matchesPattern(pattern, key)).toBe(expected);
  });

  it('paces whole lists more than one item', () => {
    expect(throttleFor(['sites'])).toBe(5_000);
    expect(throttleFor(['device', 'd1'])).toBe(1_000);
  });
});
