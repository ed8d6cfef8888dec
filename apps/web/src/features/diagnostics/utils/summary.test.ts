import '../../../test/i18n-setup.ts';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n.ts';
import { job, results } from '../test/fixtures.ts';
import { jobInputsText, jobSummary } from './summary.ts';

const en = i18n.getFixedT('en', 'diagnostics');
const es = i18n.getFixedT('es', 'diagnostics');

describe('jobSummary (the batch table line)', () => {
  it.each([
    ['queued', job('wantest', 'queued'), 'Waiting to start'],
    ['running', job('wantest', 'running'), 'Running…'],
    ['cancelled', job('wantest', 'cancelled'), 'Cancelled before it ran.'],
    [
      'failed: the job error as is',
      job('systemTest', 'failed', { error: 'The device is offline and cannot run diagnostics.' }),
      'The device is offline and cannot run diagnostics.',
    ],
    ['failed without a reason', job('systemTest', 'failed'), 'The action failed.'],
    ['succeeded without a result', job('systemTest', 'succeeded'), 'No result was recorded.'],
    [
      'WAN test: mean of averages, worst loss',
      job('wantest', 'succeeded', { result: results.wantest }),
      'Primary link: avg 12.0 ms, worst loss 10 %',
    ],
    [
      'WAN test without targets',
      job('wantest', 'succeeded', { result: { link: 'backup', targets: [] } }),
      'Backup link: no target answered',
    ],
    [
      'LAN ping: replies and their average',
      job('lanpingtest', 'succeeded', { result: results.lanpingtest }),
      '2/3 hosts replied, avg 1.2 ms',
    ],
    [
      'LAN ping: all replied',
      job('lanpingtest', 'succeeded', { result: { hosts: results.lanpingtest.hosts.slice(0, 2) } }),
      '2/2 hosts replied, avg 1.2 ms',
    ],
    [
      'LAN ping: nobody replied',
      job('lanpingtest', 'succeeded', { result: { hosts: results.lanpingtest.hosts.slice(2) } }),
      '0/1 hosts replied',
    ],
    ['LAN ping: no hosts', job('lanpingtest', 'succeeded', { result: { hosts: [] } }), '0/0 hosts replied'],
    [
      'system test',
      job('systemTest', 'succeeded', { result: results.systemTest }),
      'CPU 23.4 %, memory 41 %, 48 °C',
    ],
    [
      'speed test: bit rates from kbps',
      job('speedtest', 'succeeded', { result: results.speedtest }),
      'Down 95.2 Mbps, up 11.3 Mbps, 18.2 ms',
    ],
    ['traceroute', job('traceroute', 'succeeded', { result: results.traceroute }), '3 hops to 8.8.8.8'],
    [
      'traceroute of one hop',
      job('traceroute', 'succeeded', {
        result: { ...results.traceroute, hops: results.traceroute.hops.slice(0, 1) },
      }),
      '1 hop to 8.8.8.8',
    ],
    [
      'reboot',
      job('reboot', 'succeeded', { result: results.reboot }),
      `Rebooted; expected back at ${formatDate(results.reboot.expectedBackAt)}`,
    ],
    [
      'ports disabled',
      job('disableLanPorts', 'succeeded', { result: results.disableLanPorts }),
      'Ports off: 4, 5',
    ],
    [
      'ports reverted',
      job('revertLanPorts', 'succeeded', { result: results.revertLanPorts }),
      'All LAN ports on',
    ],
  ])('%s', (_name, j, text) => {
    expect(jobSummary(j, en)).toBe(text);
  });

  it('speaks Spanish too', () => {
    expect(jobSummary(job('lanpingtest', 'succeeded', { result: results.lanpingtest }), es)).toBe(
      '2/3 hosts respondieron, media 1.2 ms',
    );
    expect(jobSummary(job('wantest', 'succeeded', { result: results.wantest }), es)).toBe(
      'Enlace Principal: media 12.0 ms, peor pérdida 10 %',
    );
  });
});

describe('jobInputsText (the history inputs column)', () => {
  it.each([
    ['no inputs', job('wantest', 'succeeded', { params: {} }), '—'],
    ['a VLAN', job('speedtest', 'succeeded', { params: { vlan: 10 } }), 'VLAN 10'],
    [
      'a VLAN and a host',
      job('traceroute', 'succeeded', { params: { vlan: 20, ip: '8.8.8.8' } }),
      'VLAN 20 · 8.8.8.8',
    ],
    ['ports', job('disableLanPorts', 'succeeded', { params: { ports: [3, 4] } }), 'Ports 3, 4'],
  ])('%s', (_name, j, text) => {
    expect(jobInputsText(j, en)).toBe(text);
  });
});
