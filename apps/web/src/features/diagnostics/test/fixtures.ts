import type {
  ActionResultMap,
  DiagnosticAction,
  Job,
  JobAction,
  JobState,
  PortsResult,
} from '@vnoc/contracts';
import { DEVICE_ID } from '../../../test/device-fixtures.ts';

// The device is shared with other features' tests, so it lives in src/test/.
export { DEVICE_ID, device } from '../../../test/device-fixtures.ts';

/** Inputs each action's job carries by default. */
const defaultParams: Partial<Record<JobAction, unknown>> = {
  speedtest: { vlan: 10 },
  traceroute: { vlan: 10, ip: '8.8.8.8' },
  disableLanPorts: { ports: [4] },
};

/** A job of `action` in `state` (as JobSchema parses it); finished jobs ran 4.2 s. */
export function job<A extends JobAction>(
  action: A,
  state: JobState,
  over: {
    result?: (A extends DiagnosticAction ? ActionResultMap[A] : PortsResult) | null;
    params?: unknown;
    error?: string | null;
    id?: string;
    deviceId?: string;
  } = {},
): Job {
  const finished = state === 'succeeded' || state === 'failed' || state === 'cancelled';
  return {
    id: over.id ?? `job-${action}-${state}`,
    deviceId: over.deviceId ?? DEVICE_ID,
    batchId: null,
    action,
    state,
    error: over.error ?? null,
    requestedBy: { id: 'u-1', name: 'Ada Admin' },
    createdAt: '2026-03-01T14:00:00.000Z',
    startedAt: state === 'queued' || state === 'cancelled' ? null : '2026-03-01T14:00:01.000Z',
    finishedAt: finished ? '2026-03-01T14:00:05.200Z' : null,
    params: over.params ?? defaultParams[action] ?? {},
    result: over.result ?? null,
  } as Job;
}

export const results = {
  wantest: {
    link: 'primary',
    targets: [
      { target: '8.8.8.8', name: 'Google DNS', sent: 10, min: 10, avg: 12.4, max: 20, jitter: 1.5, loss: 0 },
      {
        target: '1.1.1.1',
        name: 'Cloudflare DNS',
        sent: 10,
        min: 9,
        avg: 11.6,
        max: 18,
        jitter: 1.1,
        loss: 10,
      },
    ],
  },
  lanpingtest: {
    hosts: [
      { host: 'pos-1', ip: '10.0.10.11', vlan: 10, sent: 4, received: 4, avgMs: 1 },
      { host: 'pos-2', ip: '10.0.10.12', vlan: 10, sent: 4, received: 4, avgMs: 1.4 },
      { host: 'printer', ip: '10.0.10.20', vlan: 10, sent: 4, received: 0, avgMs: null },
    ],
  },
  systemTest: {
    cpuPercent: 23.4,
    memoryPercent: 41,
    sessions: 1234,
    temperatureC: 48,
    uptimeSeconds: 273_600,
  },
  speedtest: { vlan: 10, link: 'primary', downloadKbps: 95_200, uploadKbps: 11_300, latencyMs: 18.2 },
  traceroute: {
    target: '8.8.8.8',
    vlan: 10,
    hops: [
      { hop: 1, host: null, ip: '10.0.10.1', ms: [0.8, 0.9, 1.1] },
      { hop: 2, host: null, ip: null, ms: [null, null, null] },
      { hop: 3, host: 'dns.google', ip: '8.8.8.8', ms: [12.1, null, 12.6] },
    ],
  },
  reboot: { rebootedAt: '2026-03-01T14:00:05.000Z', expectedBackAt: '2026-03-01T14:03:05.000Z' },
  disableLanPorts: {
    ports: [3, 4, 5, 6, 7, 8].map((n) => ({ systemNumber: n, enabled: n !== 4 && n !== 5 })),
  },
  revertLanPorts: { ports: [3, 4, 5, 6, 7, 8].map((n) => ({ systemNumber: n, enabled: true })) },
} satisfies ActionResultMap;

export function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
