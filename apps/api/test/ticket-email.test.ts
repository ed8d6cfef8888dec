import type { Job } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { verdictLine } from '../src/modules/tickets/email.ts';

const base = {
  id: 'j1',
  deviceId: 'd1',
  batchId: null,
  error: null,
  requestedBy: { id: 'u1', name: 'Ada' },
  createdAt: '2026-11-26T10:00:00.000Z',
  startedAt: '2026-11-26T10:00:01.000Z',
  finishedAt: '2026-11-26T10:00:05.000Z',
};

describe("the ticket email names each test's verdict and why", () => {
  it.each<[string, Job, string]>([
    [
      'a LAN ping with a silent host',
      {
        ...base,
        state: 'succeeded',
        action: 'lanpingtest',
        params: {},
        result: {
          hosts: [
            { host: 'pos-1', ip: '10.0.10.11', vlan: 10, sent: 4, received: 4, avgMs: 1 },
            { host: 'printer', ip: '10.0.10.20', vlan: 10, sent: 4, received: 0, avgMs: null },
          ],
        },
      },
      'Failing — printer (10.0.10.20) did not reply.',
    ],
    [
      'a slow speed test over the backup link',
      {
        ...base,
        state: 'succeeded',
        action: 'speedtest',
        params: { vlan: 1 },
        result: { vlan: 1, link: 'backup', downloadKbps: 6_500, uploadKbps: 3_000, latencyMs: 60 },
      },
      'Degraded — Ran over the LTE backup link. — Download 6.5 Mbps, under 10.0 Mbps.',
    ],
    [
      'a healthy WAN test',
      {
        ...base,
        state: 'succeeded',
        action: 'wantest',
        params: {},
        result: {
          link: 'primary',
          targets: [
            { target: '8.8.8.8', name: 'Google DNS', sent: 10, min: 9, avg: 12, max: 20, jitter: 2, loss: 0 },
          ],
        },
      },
      'Healthy',
    ],
    [
      'a reboot (not a test)',
      {
        ...base,
        state: 'succeeded',
        action: 'reboot',
        params: {},
        result: { rebootedAt: base.startedAt, expectedBackAt: base.finishedAt },
      },
      '',
    ],
  ])('%s', (_name, job, line) => {
    expect(verdictLine(job)).toBe(line);
  });
});
