import '../../../test/i18n-setup.ts';
import type { Job } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n.ts';
import { jobOf } from '../test/fixtures.ts';
import { figure, listPhrase, summarizeJob, uptimePhrase } from './diagnostic-summary.ts';
import { phraseText } from './tickets-text.ts';

const en = i18n.getFixedT('en', 'tickets');
const es = i18n.getFixedT('es', 'tickets');

/** The summary as readable lines ("label: value"), in English unless told. */
function lines(job: Job, t = en): string[] {
  const { note, rows } = summarizeJob(job);
  return [
    ...(note ? [`note: ${phraseText(t, note)}`] : []),
    ...rows.map((row) => `${phraseText(t, row.label)}: ${phraseText(t, row.value)}`),
  ];
}

describe('figure', () => {
  it.each([
    [12.34, 1, '12.3'],
    [12.35, 1, '12.4'],
    [12, 1, '12'],
    [0.04, 1, '0'],
    [-0.04, 1, '0'],
    [99.999, 2, '100'],
  ])('%d to %d decimals → %s', (value, digits, text) => {
    expect(figure(value, digits)).toBe(text);
  });
});

describe('uptimePhrase', () => {
  it.each([
    [0, '0 min'],
    [59, '0 min'],
    [3599, '59 min'],
    [3600, '1 h 0 min'],
    [86_399, '23 h 59 min'],
    [86_400, '1 d 0 h'],
    [3 * 86_400 + 4 * 3600 + 59, '3 d 4 h'],
  ])('%d s → %s', (seconds, text) => {
    expect(phraseText(en, uptimePhrase(seconds))).toBe(text);
  });
});

describe('listPhrase', () => {
  it.each([
    [[], 'None'],
    [[2], '2'],
    [[1, 2, 3, 4, 5], '1, 2, 3, 4, 5'],
    [[1, 2, 3, 4, 5, 6, 7], '1, 2, 3, 4, 5 and 2 more'],
  ])('%j → %s', (items, text) => {
    expect(phraseText(en, listPhrase(items))).toBe(text);
  });
});

describe('summarizeJob: the key figures of each action', () => {
  it.each<[string, Job, string[]]>([
    [
      'speed test: down, up, latency, link, VLAN',
      jobOf(
        'speedtest',
        { vlan: 10 },
        { vlan: 10, link: 'primary', downloadKbps: 93_400, uploadKbps: 10_250, latencyMs: 12.34 },
      ),
      ['Download: 93.4 Mbps', 'Upload: 10.3 Mbps', 'Latency: 12.3 ms', 'Link: Primary WAN', 'VLAN: 10'],
    ],
    [
      'WAN test: the link, then per target avg, jitter and loss',
      jobOf(
        'wantest',
        {},
        {
          link: 'backup',
          targets: [
            {
              target: '8.8.8.8',
              name: 'Google DNS',
              sent: 10,
              min: 10,
              avg: 14.26,
              max: 20,
              jitter: 1.04,
              loss: 0,
            },
            {
              target: '10.0.0.1',
              name: 'Provider gateway',
              sent: 10,
              min: 2,
              avg: 3,
              max: 9,
              jitter: 0.5,
              loss: 20,
            },
          ],
        },
      ),
      [
        'Link: LTE backup',
        'Google DNS (8.8.8.8): avg 14.3 ms, jitter 1 ms, loss 0%',
        'Provider gateway (10.0.0.1): avg 3 ms, jitter 0.5 ms, loss 20%',
      ],
    ],
    [
      'LAN ping: hosts that replied, the silent ones, the average reply',
      jobOf(
        'lanpingtest',
        {},
        {
          hosts: [
            { host: 'pos-1', ip: '10.0.10.21', vlan: 10, sent: 4, received: 4, avgMs: 1.2 },
            { host: 'printer', ip: '10.0.10.30', vlan: 10, sent: 4, received: 0, avgMs: null },
            { host: 'camera', ip: '10.0.20.5', vlan: 20, sent: 4, received: 2, avgMs: 2.4 },
          ],
        },
      ),
      ['Hosts that replied: 2 of 3', 'No reply from: printer (10.0.10.30)', 'Average reply: 1.8 ms'],
    ],
    [
      'LAN ping where every host replied: no "No reply" row',
      jobOf(
        'lanpingtest',
        {},
        { hosts: [{ host: '10.0.10.21', ip: '10.0.10.21', vlan: 10, sent: 4, received: 3, avgMs: 0.8 }] },
      ),
      ['Hosts that replied: 1 of 1', 'Average reply: 0.8 ms'],
    ],
    [
      'LAN ping where none replied: no average',
      jobOf(
        'lanpingtest',
        {},
        { hosts: [{ host: 'pos-1', ip: '10.0.10.21', vlan: 10, sent: 4, received: 0, avgMs: null }] },
      ),
      ['Hosts that replied: 0 of 1', 'No reply from: pos-1 (10.0.10.21)'],
    ],
    [
      'system test: CPU, memory, temperature, sessions, uptime',
      jobOf(
        'systemTest',
        {},
        {
          cpuPercent: 23.46,
          memoryPercent: 61,
          sessions: 412,
          temperatureC: 48.25,
          uptimeSeconds: 2 * 86_400 + 5 * 3600,
        },
      ),
      ['CPU: 23.5%', 'Memory: 61%', 'Temperature: 48.3 °C', 'Sessions: 412', 'Uptime: 2 d 5 h'],
    ],
    [
      'traceroute: target, VLAN, hop count, last hop and its time',
      jobOf(
        'traceroute',
        { vlan: 1, ip: 'example.com' },
        {
          target: 'example.com',
          vlan: 1,
          hops: [
            { hop: 1, host: 'gateway', ip: '10.0.0.1', ms: [1, 1.2, 0.9] },
            { hop: 2, host: null, ip: null, ms: [null, null, null] },
            { hop: 3, host: 'example.com', ip: '93.184.216.34', ms: [20, null, 22] },
          ],
        },
      ),
      [
        'Target: example.com',
        'VLAN: 1',
        'Hops: 3',
        'Last hop: example.com (93.184.216.34)',
        'Last hop time: 21 ms',
      ],
    ],
    [
      'traceroute whose last hop did not answer',
      jobOf(
        'traceroute',
        { vlan: 1, ip: '8.8.8.8' },
        { target: '8.8.8.8', vlan: 1, hops: [{ hop: 1, host: null, ip: null, ms: [null, null, null] }] },
      ),
      ['Target: 8.8.8.8', 'VLAN: 1', 'Hops: 1', 'Last hop: No answer (*)', 'Last hop time: *'],
    ],
    [
      'reboot: when it went down and when it was expected back',
      jobOf(
        'reboot',
        {},
        { rebootedAt: '2026-03-02T14:00:05.000Z', expectedBackAt: '2026-03-02T14:03:05.000Z' },
      ),
      [
        `Rebooted: ${formatDate('2026-03-02T14:00:05.000Z')}`,
        `Expected back: ${formatDate('2026-03-02T14:03:05.000Z')}`,
      ],
    ],
    [
      'disable LAN ports: requested and disabled, in port order',
      jobOf(
        'disableLanPorts',
        { ports: [5, 3] },
        {
          ports: [
            { systemNumber: 2, enabled: true },
            { systemNumber: 5, enabled: false },
            { systemNumber: 3, enabled: false },
          ],
        },
      ),
      ['Ports requested: 3, 5', 'Ports disabled: 3, 5'],
    ],
    [
      'revert LAN ports: none left disabled',
      jobOf('revertLanPorts', {}, { ports: [{ systemNumber: 3, enabled: true }] }),
      ['Ports disabled: None'],
    ],
  ])('%s', (_, job, expected) => {
    expect(lines(job)).toEqual(expected);
  });
});

describe('summarizeJob: runs without a result say why', () => {
  it.each<[string, Job, string[]]>([
    [
      'a failed run shows its reason and the inputs',
      jobOf('speedtest', { vlan: 20 }, null, {
        state: 'failed',
        error: 'The device is offline and cannot run diagnostics.',
      }),
      ['note: The device is offline and cannot run diagnostics.', 'VLAN: 20'],
    ],
    [
      'a failed run without a reason',
      jobOf('systemTest', {}, null, { state: 'failed', error: null }),
      ['note: No result was recorded.'],
    ],
    [
      'a cancelled traceroute keeps its target',
      jobOf('traceroute', { vlan: 1, ip: '8.8.8.8' }, null, { state: 'cancelled', finishedAt: null }),
      ['note: The run was cancelled before it finished.', 'Target: 8.8.8.8', 'VLAN: 1'],
    ],
    [
      'a run still going',
      jobOf('reboot', {}, null, { state: 'running', finishedAt: null }),
      ['note: The run had not finished.'],
    ],
    [
      'a succeeded run without a result',
      jobOf('disableLanPorts', { ports: [4] }, null),
      ['note: No result was recorded.', 'Ports requested: 4'],
    ],
    [
      'a succeeded speed test without a result keeps its VLAN',
      jobOf('speedtest', { vlan: 10 }, null),
      ['note: No result was recorded.', 'VLAN: 10'],
    ],
  ])('%s', (_, job, expected) => {
    expect(lines(job)).toEqual(expected);
  });
});

describe('summaries read in Spanish too', () => {
  it('speed test', () => {
    const job = jobOf(
      'speedtest',
      { vlan: 10 },
      { vlan: 10, link: 'backup', downloadKbps: 1500, uploadKbps: 800, latencyMs: 40 },
    );
    expect(lines(job, es)).toEqual([
      'Descarga: 1.5 Mbps',
      'Subida: 800 kbps',
      'Latencia: 40 ms',
      'Enlace: Respaldo LTE',
      'VLAN: 10',
    ]);
  });
});
