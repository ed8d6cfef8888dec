import type { Job, Ticket, TicketSummary } from '@vnoc/contracts';

type JobOf<A extends Job['action']> = Extract<Job, { action: A }>;

/** A finished job of the action, with the given params, result and overrides. */
export function jobOf<A extends Job['action']>(
  action: A,
  params: JobOf<A>['params'],
  result: JobOf<A>['result'],
  overrides: Partial<Omit<JobOf<A>, 'action' | 'params' | 'result'>> = {},
): JobOf<A> {
  return {
    id: `job-${action}`,
    deviceId: '11111111-1111-4111-8111-111111111111',
    batchId: null,
    state: 'succeeded',
    error: null,
    requestedBy: { id: 'u-1', name: 'Uma User' },
    createdAt: '2026-03-02T14:00:00.000Z',
    startedAt: '2026-03-02T14:00:01.000Z',
    finishedAt: '2026-03-02T14:00:30.000Z',
    ...overrides,
    action,
    params,
    result,
  } as JobOf<A>;
}

export const ticketSummary: TicketSummary = {
  id: '22222222-2222-4222-8222-222222222222',
  number: 1001,
  subject: 'Store router keeps dropping',
  status: 'open',
  createdAt: '2026-03-02T15:04:00.000Z',
  updatedAt: '2026-03-02T15:04:00.000Z',
  createdBy: { id: 'u-1', name: 'Uma User', support: null },
  device: {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Front desk firewall',
    macAddress: '00:17:c5:00:00:db',
    kind: 'firewall',
    manufacturer: 'SonicWall',
    model: 'TZ370',
    status: 'offline',
  },
  site: {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Acme Houston South',
    address: '1 Main St, Houston, TX',
  },
  alert: null,
};

export const ticket: Ticket = {
  ...ticketSummary,
  comment: 'Dropped three times this morning.\nRebooted once, no change.',
  emailedTo: 'support@provider.example',
  alertNotes: [],
  notes: [],
  diagnostics: [
    jobOf(
      'speedtest',
      { vlan: 10 },
      { vlan: 10, link: 'primary', downloadKbps: 93_400, uploadKbps: 10_250, latencyMs: 12.34 },
    ),
    jobOf('wantest', {}, null, {
      state: 'failed',
      error: 'The device is offline and cannot run diagnostics.',
    }),
  ],
};
