import type { Alert, AlertCounts, AlertDetail, MaintenanceWindow } from '@vnoc/contracts';

export const SITE_ID = '33333333-3333-4333-8333-333333333333';
export const EDGE_ID = '11111111-1111-4111-8111-111111111111';
export const AP_ID = '55555555-5555-4555-8555-555555555555';

/** An alert with the given fields over a critical "Site offline" at Store 12. */
export function alertOf(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    code: 'site_offline',
    severity: 'critical',
    status: 'active',
    siteId: SITE_ID,
    siteName: 'Store 12',
    deviceId: EDGE_ID,
    deviceKind: 'firewall',
    deviceName: 'TZ370 00DB',
    deviceModel: 'TZ370',
    macAddress: '00:17:c5:00:00:db',
    region: 'TX',
    message: 'Site offline (for 12 min)',
    details: { minutes: 12 },
    raisedAt: '2026-03-02T14:00:00.000Z',
    lastSeenAt: '2026-03-02T14:12:00.000Z',
    clearedAt: null,
    occurrences: 1,
    rootAlertId: null,
    dependents: 0,
    acknowledgedAt: null,
    acknowledgedBy: null,
    assignee: null,
    assignedBy: null,
    inMaintenance: false,
    ticket: null,
    ...overrides,
  };
}

export const dependentAp = alertOf({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  code: 'device_offline',
  severity: 'major',
  deviceId: AP_ID,
  deviceKind: 'access-point',
  deviceName: 'Lobby AP',
  deviceModel: 'MR36',
  macAddress: '00:18:0a:00:00:01',
  message: 'Device offline (for 11 min)',
  details: { minutes: 11 },
  raisedAt: '2026-03-02T14:01:00.000Z',
  rootAlertId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
});

export const latency = alertOf({
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  code: 'high_latency',
  severity: 'minor',
  siteName: 'Store 40',
  siteId: '66666666-6666-4666-8666-666666666666',
  deviceId: '77777777-7777-4777-8777-777777777777',
  macAddress: '00:17:c5:00:00:40',
  message: 'High WAN latency (182.4 ms)',
  details: { ms: 182.4 },
  raisedAt: '2026-03-02T13:00:00.000Z',
  occurrences: 3,
  acknowledgedAt: '2026-03-02T13:10:00.000Z',
  acknowledgedBy: { id: 'u-2', name: 'Ada Admin', support: null },
  assignee: { id: 'u-1', name: 'Uma User' },
  inMaintenance: true,
});

export function detailOf(alert: Alert, extra: Partial<AlertDetail> = {}): AlertDetail {
  return { ...alert, root: null, dependentAlerts: [], notes: [], ...extra };
}

export const counts: AlertCounts = {
  active: { critical: 1, major: 0, minor: 1, info: 0, total: 2 },
  cleared: { critical: 4, major: 2, minor: 0, info: 1, total: 7 },
  unseen: 2,
  lastSeenId: null,
  newestId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
};

export const activeWindow: MaintenanceWindow = {
  id: '88888888-8888-4888-8888-888888888888',
  reason: 'ISP circuit upgrade',
  startsAt: '2026-03-02T13:00:00.000Z',
  endsAt: '2026-03-02T17:00:00.000Z',
  state: 'active',
  sites: [
    { id: SITE_ID, name: 'Store 12' },
    { id: '66666666-6666-4666-8666-666666666666', name: 'Store 40' },
  ],
  group: null,
  createdBy: { id: 'u-2', name: 'Ada Admin' },
  createdAt: '2026-03-02T12:00:00.000Z',
};
