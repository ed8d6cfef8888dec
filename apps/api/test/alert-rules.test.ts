import {
  ALERT_CATALOGUE,
  ALERT_CODE_INFO,
  ALERT_THRESHOLDS,
  type AlertCode,
  alertTitle,
  measuredKeys,
} from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import {
  type Condition,
  conditionsOf,
  type DeviceFacts,
  isRegionalOutage,
} from '../src/fleet/alerts/rules.ts';
import { presentAlert } from '../src/modules/alerts/present.ts';
import type { AlertRow } from '../src/modules/alerts/repository.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const MIN = 60_000;
const t = ALERT_THRESHOLDS;

const base: DeviceFacts = {
  deviceId: 'd1',
  kind: 'firewall',
  driver: 'simulator',
  status: 'online',
  statusSince: NOW - 60 * MIN,
  lastUpdate: NOW - 10_000,
  signal: null,
  disabledPorts: [],
  wan: null,
  edge: null,
};
const modem = (rsrp: number, rsrq = -8, sinr = 20, rssi = -60) => [
  { linkStatus: 'connected', serviceType: 'LTE', rsrp, rsrq, sinr, rssi },
];
const wan = (ping: number, jitter = 3, loss = 0, samples: number = t.wanSamples) => ({
  ping,
  jitter,
  loss,
  samples,
});
/** A stored alert of a condition, as the list and the CSV export read it. */
const alertRow = (c: Condition): AlertRow => ({
  id: 'a1',
  seq: 1,
  code: c.code,
  severity: ALERT_CODE_INFO[c.code].severity,
  state: 'active',
  site_id: null,
  site_name: null,
  device_id: c.deviceId,
  device_kind: null,
  device_name: null,
  device_model: null,
  mac_address: null,
  region: null,
  details: c.details,
  raised_at: new Date(NOW),
  last_seen_at: new Date(NOW),
  cleared_at: null,
  occurrences: 1,
  root_alert_id: null,
  dependents: 0,
  acknowledged_at: null,
  acknowledged_by: null,
  acknowledged_by_name: null,
  acknowledged_by_support: null,
  acknowledged_by_support_name: null,
  assignee_id: null,
  assignee_name: null,
  assigned_by: null,
  assigned_by_name: null,
  assigned_by_support: null,
  assigned_by_support_name: null,
  in_maintenance: false,
  ticket: null,
});
const codes = (f: Partial<DeviceFacts>) => conditionsOf({ ...base, ...f }, NOW).map((c) => c.code);

describe('alert rules: each code on each side of its threshold', () => {
  const cases: [string, Partial<DeviceFacts>, AlertCode[]][] = [
    ['online and healthy', {}, []],
    ['edge device offline → site offline', { status: 'offline' }, ['site_offline']],
    [
      'access point offline, its site up → device offline',
      { kind: 'access-point', status: 'offline', edge: { deviceId: 'e', status: 'online' } },
      ['device_offline'],
    ],
    ['switch offline without an edge device', { kind: 'switch', status: 'offline' }, ['device_offline']],
    ['edge on backup', { status: 'onbackup' }, ['on_backup']],
    ['access point on backup is no failover', { kind: 'access-point', status: 'onbackup' }, []],
    [
      'rebooting exactly 10 minutes',
      { status: 'rebooting', statusSince: NOW - t.rebootTooLongMinutes * MIN },
      [],
    ],
    [
      'rebooting 10 minutes and a second',
      { status: 'rebooting', statusSince: NOW - t.rebootTooLongMinutes * MIN - 1000 },
      ['reboot_too_long'],
    ],
    [
      'pending 7 days exactly',
      { status: 'pending', statusSince: NOW - t.pendingTooLongDays * 1440 * MIN },
      [],
    ],
    [
      'pending 7 days and a minute',
      { status: 'pending', statusSince: NOW - t.pendingTooLongDays * 1440 * MIN - MIN },
      ['pending_too_long'],
    ],
    ['error counts as pending', { status: 'error', statusSince: NOW - 8 * 1440 * MIN }, ['pending_too_long']],
    ['last report 4:59 ago', { lastUpdate: NOW - 5 * MIN + 1000 }, []],
    ['last report 5:00 ago (not "under 5 minutes")', { lastUpdate: NOW - 5 * MIN }, ['cloud_disconnected']],
    [
      'an offline device is not also silent',
      { status: 'offline', lastUpdate: NOW - 60 * MIN },
      ['site_offline'],
    ],
    ['signal Fair (3 bars: rsrp -90)', { signal: modem(-90) }, []],
    ['signal Weak (2 bars: rsrp -90.1)', { signal: modem(-90.1) }, ['weak_signal']],
    ['weakest metric decides (sinr 4.9)', { signal: modem(-70, -8, 4.9) }, ['weak_signal']],
    ['best modem decides', { signal: [...modem(-120), ...modem(-70)] }, []],
    ['latency 150 ms', { wan: wan(150) }, []],
    ['latency 150.1 ms', { wan: wan(150.1) }, ['high_latency']],
    ['jitter 30 / 30.1 ms', { wan: wan(40, 30.1) }, ['high_jitter']],
    ['loss 2 %', { wan: wan(40, 3, 2) }, []],
    ['loss 2.1 %', { wan: wan(40, 3, 2.1) }, ['packet_loss']],
    ['fewer than 5 samples decide nothing', { wan: wan(400, 90, 50, t.wanSamples - 1) }, []],
    ['WAN on an access point is ignored', { kind: 'access-point', wan: wan(400) }, []],
    ['ports disabled', { disabledPorts: [3, 2] }, ['lan_port_disabled']],
  ];
  it.each(cases)('%s', (_name, facts, expected) => {
    expect(codes(facts).sort()).toEqual([...expected].sort());
  });

  // The engine writes the details the vocabulary's words read, and the list and CSV export (`message`)
  // show the vocabulary's English title: a code whose details or wording drift fails here.
  const raised = cases.flatMap(([, facts]) => conditionsOf({ ...base, ...facts }, NOW));
  const regional: Condition = { deviceId: '', code: 'regional_outage', details: { sites: 4, region: 'TX' } };
  const byCode = new Map([...raised, regional].map((c) => [c.code, c]));
  it.each(ALERT_CATALOGUE.map((info) => info.code))(
    '%s: details and message from the one vocabulary',
    (code) => {
      const c = byCode.get(code);
      expect(c, `no case raises ${code}`).toBeDefined();
      if (!c) return;
      expect(Object.keys(c.details).sort()).toEqual(measuredKeys(code).sort());
      expect(presentAlert(alertRow(c)).message).toBe(alertTitle(code, c.details, 'en'));
    },
  );

  it('attaches a device behind a down edge device to that edge device', () => {
    const [c] = conditionsOf(
      { ...base, kind: 'access-point', status: 'offline', edge: { deviceId: 'e1', status: 'rebooting' } },
      NOW,
    );
    expect(c).toMatchObject({ code: 'device_offline', dependsOn: 'e1' });
  });

  it('counts durations in the fleet’s time (SIM_SPEED)', () => {
    // At speed 60, 11 real seconds of rebooting are 11 simulated minutes.
    const rebooting = { ...base, status: 'rebooting' as const, statusSince: NOW - 11_000 };
    expect(conditionsOf(rebooting, NOW).map((c) => c.code)).toEqual([]);
    expect(conditionsOf(rebooting, NOW, 60)).toEqual([
      // Raised when it became too long: 10 simulated minutes (10 real seconds) after the reboot began; how long
      // it has lasted is the clock's (11 s), as people read it next to the alert's times (issue 37 point 8).
      { deviceId: 'd1', code: 'reboot_too_long', details: { minutes: 0 }, since: NOW - 1_000 },
    ]);
    expect(isRegionalOutage([NOW, NOW + 5_000, NOW + 10_000], 60)).toBe(true);
    expect(isRegionalOutage([NOW, NOW + 5_000, NOW + 10_001], 60)).toBe(false);
  });

  describe('a real device’s durations are the clock’s at any SIM_SPEED; a simulated one’s the fleet’s', () => {
    const SPEED = 20;
    const SEC = 1000;
    const cases: [string, Partial<DeviceFacts>, AlertCode[]][] = [
      // 15 s × 20 = 5 simulated minutes: the simulated device is silent; a real one reported 15 s ago.
      ['silent for 15 s', { lastUpdate: NOW - 15 * SEC }, ['cloud_disconnected']],
      ['silent for 5 real minutes', { lastUpdate: NOW - 5 * MIN }, ['cloud_disconnected']],
      ['rebooting for 31 s', { status: 'rebooting', statusSince: NOW - 31 * SEC }, ['reboot_too_long']],
      [
        'rebooting for 11 real minutes',
        { status: 'rebooting', statusSince: NOW - 11 * MIN },
        ['reboot_too_long'],
      ],
      [
        'pending for 9 real hours',
        { status: 'pending', statusSince: NOW - 9 * 60 * MIN },
        ['pending_too_long'],
      ],
      [
        'pending for 8 real days',
        { status: 'pending', statusSince: NOW - 8 * 24 * 60 * MIN },
        ['pending_too_long'],
      ],
    ];
    /** What a real device is flagged for in each case: only what its real durations reach. */
    const real: Record<string, AlertCode[]> = {
      'silent for 15 s': [],
      'silent for 5 real minutes': ['cloud_disconnected'],
      'rebooting for 31 s': [],
      'rebooting for 11 real minutes': ['reboot_too_long'],
      'pending for 9 real hours': [],
      'pending for 8 real days': ['pending_too_long'],
    };
    it.each(cases)('%s', (name, facts, simulated) => {
      const at = (driver: DeviceFacts['driver']) =>
        conditionsOf({ ...base, ...facts, driver }, NOW, SPEED).map((c) => c.code);
      expect(at('simulator')).toEqual(simulated);
      expect(at('agent')).toEqual(real[name]);
      expect(at('openwisp')).toEqual(real[name]);
    });

    it('measures every outage in real minutes and raises a real device’s alerts when they really began', () => {
      const offline = {
        ...base,
        driver: 'agent' as const,
        status: 'offline' as const,
        statusSince: NOW - 3 * MIN,
      };
      expect(conditionsOf(offline, NOW, SPEED)[0]?.details).toEqual({ minutes: 3 });
      // Not 60 simulated minutes: the alert's times beside it are the clock's.
      expect(conditionsOf({ ...offline, driver: 'simulator' }, NOW, SPEED)[0]?.details).toEqual({
        minutes: 3,
      });
      const silent = { ...base, driver: 'agent' as const, lastUpdate: NOW - 6 * MIN };
      expect(conditionsOf(silent, NOW, SPEED)).toEqual([
        { deviceId: 'd1', code: 'cloud_disconnected', details: { minutes: 6 }, since: NOW - MIN },
      ]);
    });
  });

  it('measures what it says', () => {
    const [c] = conditionsOf({ ...base, status: 'offline', statusSince: NOW - 42 * MIN - 5000 }, NOW);
    expect(c?.details).toEqual({ minutes: 42 });
    expect(presentAlert(alertRow(c as Condition)).message).toBe('Site offline (for 42 min)');
    const [w] = conditionsOf({ ...base, wan: wan(182.44) }, NOW);
    expect(presentAlert(alertRow(w as Condition)).message).toBe('High WAN latency (182.4 ms)');
  });
});

describe('regional outage: enough sites within the window', () => {
  const at = (...minutes: number[]) => minutes.map((m) => NOW + m * MIN);
  it.each([
    ['two sites', at(0, 1), false],
    ['three at once', at(0, 0, 0), true],
    ['three within 10 minutes', at(0, 4, 10), true],
    ['three over 10 minutes and a bit', at(0, 5, 10.1), false],
    ['three of five close together', at(0, 30, 31, 35, 80), true],
  ] as const)('%s', (_name, times, expected) => {
    expect(isRegionalOutage(times)).toBe(expected);
  });
});
