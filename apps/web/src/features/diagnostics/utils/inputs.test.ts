import { describe, expect, it } from 'vitest';
import { device } from '../test/fixtures.ts';
import { buildActionRequest, EMPTY_INPUTS, hostError } from './inputs.ts';

// Spec part 5: "Host or IP field accepts an IPv4 dotted quad or a hostname pattern."
describe('hostError', () => {
  it.each([
    ['8.8.8.8', null],
    ['10.0.10.1', null],
    ['255.255.255.255', null],
    [' 8.8.4.4 ', null],
    ['example.com', null],
    ['dns.google', null],
    ['router-1', null],
    ['', 'validation.host'],
    ['   ', 'validation.host'],
    ['256.1.1.1', 'validation.host'],
    ['1.2.3', 'validation.host'],
    ['01.2.3.4', 'validation.host'],
    ['-bad.example', 'validation.host'],
    ['has space.com', 'validation.host'],
    ['http://example.com', 'validation.host'],
    [`${'a'.repeat(64)}.com`, 'validation.host'],
  ])('%j → %s', (value, expected) => {
    expect(hostError(value)).toBe(expected);
  });
});

describe('buildActionRequest', () => {
  it.each(['reboot', 'wantest', 'lanpingtest', 'systemTest', 'revertLanPorts'] as const)(
    '%s needs no input and sends an empty body',
    (action) => {
      expect(buildActionRequest(action, EMPTY_INPUTS, device)).toEqual({ ok: true, body: {} });
    },
  );

  it.each([
    ['speedtest without a VLAN', 'speedtest', {}, { vlan: 'validation.vlan' }],
    ['speedtest with a VLAN the device lacks', 'speedtest', { vlan: '99' }, { vlan: 'validation.vlan' }],
    ['traceroute without anything', 'traceroute', {}, { vlan: 'validation.vlan', host: 'validation.host' }],
    [
      'traceroute with a bad host',
      'traceroute',
      { vlan: '10', host: '999.1.1.1' },
      { host: 'validation.host' },
    ],
    ['disabling no port', 'disableLanPorts', {}, { ports: 'validation.ports' }],
    ['disabling a WAN port', 'disableLanPorts', { ports: [1] }, { ports: 'validation.portNotAllowed' }],
    [
      'disabling a port already off',
      'disableLanPorts',
      { ports: [5] },
      { ports: 'validation.portNotAllowed' },
    ],
    ['disabling padding', 'disableLanPorts', { ports: [12] }, { ports: 'validation.portNotAllowed' }],
  ] as const)('%s → refused', (_name, action, inputs, errors) => {
    expect(buildActionRequest(action, { ...EMPTY_INPUTS, ...inputs }, device)).toEqual({ ok: false, errors });
  });

  it.each([
    ['speedtest', { vlan: '20' }, { vlan: 20 }],
    ['traceroute', { vlan: '10', host: ' dns.google ' }, { vlan: 10, ip: 'dns.google' }],
    ['disableLanPorts', { ports: [7, 3] }, { ports: [3, 7] }],
  ] as const)('%s with good inputs → its body', (action, inputs, body) => {
    expect(buildActionRequest(action, { ...EMPTY_INPUTS, ...inputs }, device)).toEqual({ ok: true, body });
  });
});

// Issue 36: a real device turns disabled ports back on by itself after the chosen minutes; a simulated one does not.
describe('buildActionRequest: the automatic revert of a real device', () => {
  const agentDevice = { ...device, driver: 'agent' as const };
  it.each([
    ['the default', {}, { ok: true, body: { ports: [3], revertAfterMinutes: 5 } }],
    ['a chosen time', { revertAfterMinutes: 30 }, { ok: true, body: { ports: [3], revertAfterMinutes: 30 } }],
    ['the longest', { revertAfterMinutes: 120 }, { ok: true, body: { ports: [3], revertAfterMinutes: 120 } }],
    [
      'none',
      { revertAfterMinutes: '' },
      { ok: false, errors: { revertAfterMinutes: 'validation.revertMinutes' } },
    ],
    [
      'zero',
      { revertAfterMinutes: 0 },
      { ok: false, errors: { revertAfterMinutes: 'validation.revertMinutes' } },
    ],
    [
      'too long',
      { revertAfterMinutes: 121 },
      { ok: false, errors: { revertAfterMinutes: 'validation.revertMinutes' } },
    ],
    [
      'a fraction',
      { revertAfterMinutes: 1.5 },
      { ok: false, errors: { revertAfterMinutes: 'validation.revertMinutes' } },
    ],
  ] as const)('%s', (_name, inputs, expected) => {
    expect(
      buildActionRequest('disableLanPorts', { ...EMPTY_INPUTS, ports: [3], ...inputs }, agentDevice),
    ).toEqual(expected);
  });

  it.each(['simulator', undefined] as const)('a device driven by %s sends no revert time', (driver) => {
    expect(
      buildActionRequest(
        'disableLanPorts',
        { ...EMPTY_INPUTS, ports: [3], revertAfterMinutes: 0 },
        { ...device, driver },
      ),
    ).toEqual({ ok: true, body: { ports: [3] } });
  });
});
