import '../test/i18n-setup.ts';
import { describe, expect, it } from 'vitest';
import {
  COUNTED_STATUSES,
  countStatuses,
  deviceStatusColour,
  deviceStatusLabelKey,
  displayStatus,
  isNeverConnected,
} from './device-status.ts';
import { i18n } from './i18n.ts';

const en = i18n.getFixedT('en');
const es = i18n.getFixedT('es');

describe('device status label (spec part 4, "Device status")', () => {
  it.each([
    // [status, status text, shown as (English), Spanish]  — the spec's table
    ['online', undefined, 'Online', 'En línea'],
    ['offline', undefined, 'Offline', 'Sin conexión'],
    ['rebooting', undefined, 'Offline (Rebooting)', 'Sin conexión (Reiniciando)'],
    ['pending', undefined, 'Pending Installation', 'Instalación pendiente'],
    ['error', undefined, 'Pending Installation', 'Instalación pendiente'],
    ['onbackup', undefined, 'On Backup', 'En respaldo'],
    ['uninstalled', undefined, 'No Services', 'Sin servicios'],
    ['unknown', undefined, 'Unknown', 'Desconocido'],
    // "A pending or error status whose text contains Offline is shown as rebooting."
    ['pending', 'Offline', 'Offline (Rebooting)', 'Sin conexión (Reiniciando)'],
    ['error', 'Device Offline - restarting', 'Offline (Rebooting)', 'Sin conexión (Reiniciando)'],
    ['pending', 'device offline', 'Offline (Rebooting)', 'Sin conexión (Reiniciando)'],
    ['pending', 'Awaiting installation', 'Pending Installation', 'Instalación pendiente'],
    ['error', 'Provisioning failed', 'Pending Installation', 'Instalación pendiente'],
    ['pending', '', 'Pending Installation', 'Instalación pendiente'],
    ['pending', null, 'Pending Installation', 'Instalación pendiente'],
    // The rule is for pending and error only.
    ['online', 'Offline', 'Online', 'En línea'],
    ['onbackup', 'Offline', 'On Backup', 'En respaldo'],
    ['uninstalled', 'Offline', 'No Services', 'Sin servicios'],
    // Anything else is Unknown.
    ['decommissioned', undefined, 'Unknown', 'Desconocido'],
    ['', undefined, 'Unknown', 'Desconocido'],
    [null, undefined, 'Unknown', 'Desconocido'],
    [undefined, 'Offline', 'Unknown', 'Desconocido'],
    ['ONLINE', undefined, 'Online', 'En línea'],
    [' offline ', undefined, 'Offline', 'Sin conexión'],
  ])('%s (text %s) → %s / %s', (status, text, english, spanish) => {
    const key = deviceStatusLabelKey(status, text);
    expect(en(key, { ns: 'fleet' })).toBe(english);
    expect(es(key, { ns: 'fleet' })).toBe(spanish);
  });
});

describe('device status colour', () => {
  it.each([
    ['online', undefined, 'green'],
    ['offline', undefined, 'red'],
    ['rebooting', undefined, 'orange'],
    ['pending', undefined, 'blue'],
    ['error', undefined, 'blue'],
    ['pending', 'Offline', 'orange'],
    ['onbackup', undefined, 'yellow'],
    ['uninstalled', undefined, 'gray'],
    ['unknown', undefined, 'gray'],
    ['bogus', undefined, 'gray'],
  ])('%s (text %s) → %s', (status, text, colour) => {
    expect(deviceStatusColour(status, text)).toBe(colour);
  });
});

describe('status counts: "Counts are shown for offline, online, onbackup, pending, rebooting."', () => {
  it("counts exactly the spec's five statuses, in its order", () => {
    expect(COUNTED_STATUSES).toEqual(['offline', 'online', 'onbackup', 'pending', 'rebooting']);
  });

  it('every counted status is present when there are no devices', () => {
    expect(countStatuses([])).toEqual({ offline: 0, online: 0, onbackup: 0, pending: 0, rebooting: 0 });
  });

  it('counts devices as they are shown', () => {
    const devices = [
      { status: 'online' },
      { status: 'online' },
      { status: 'offline' },
      { status: 'onbackup' },
      { status: 'pending' },
      { status: 'error' },
      { status: 'rebooting' },
      { status: 'pending', statusText: 'Offline' },
      { status: 'uninstalled' },
      { status: 'unknown' },
      { status: 'weird' },
      { status: null },
    ];
    expect(countStatuses(devices)).toEqual({ offline: 1, online: 2, onbackup: 1, pending: 2, rebooting: 2 });
  });

  it('displayStatus folds error into pending', () => {
    expect(displayStatus('error')).toBe('pending');
  });
});

describe('Never connected (docs/device-protocol.md): a real device that never reported', () => {
  const never = { driver: 'agent', lastUpdate: null };

  it.each([
    // [status, reach, shown as (English), Spanish, colour]
    ['offline', never, 'Never connected', 'Nunca conectado', 'violet'],
    ['pending', { driver: 'openwisp', lastUpdate: null }, 'Never connected', 'Nunca conectado', 'violet'],
    ['unknown', never, 'Never connected', 'Nunca conectado', 'violet'],
    // Once it reported, its status is shown as for any device.
    [
      'offline',
      { driver: 'agent', lastUpdate: '2026-11-29T10:00:00.000Z' },
      'Offline',
      'Sin conexión',
      'red',
    ],
    ['online', { driver: 'openwisp', lastUpdate: '2026-11-29T10:00:00.000Z' }, 'Online', 'En línea', 'green'],
    // The simulator reports from its first tick: a simulated device is never "never connected".
    ['offline', { driver: 'simulator', lastUpdate: null }, 'Offline', 'Sin conexión', 'red'],
    // Without the device's reach (a site's status, a filter value) the stored status is shown.
    ['offline', undefined, 'Offline', 'Sin conexión', 'red'],
    ['offline', { driver: 'agent' }, 'Offline', 'Sin conexión', 'red'],
    ['offline', { lastUpdate: null }, 'Offline', 'Sin conexión', 'red'],
  ])('%s with %j → %s / %s, %s', (status, reach, english, spanish, colour) => {
    const key = deviceStatusLabelKey(status, null, reach);
    expect(en(key, { ns: 'fleet' })).toBe(english);
    expect(es(key, { ns: 'fleet' })).toBe(spanish);
    expect(deviceStatusColour(status, null, reach)).toBe(colour);
  });

  it('is its own label and colour, not Offline', () => {
    expect(displayStatus('offline', null, never)).toBe('neverConnected');
    expect(en(deviceStatusLabelKey('offline', null, never), { ns: 'fleet' })).not.toBe(
      en(deviceStatusLabelKey('offline'), { ns: 'fleet' }),
    );
    expect(deviceStatusColour('offline', null, never)).not.toBe(deviceStatusColour('offline'));
    expect(isNeverConnected(never)).toBe(true);
    expect(isNeverConnected({ driver: 'agent', lastUpdate: '2026-11-29T10:00:00.000Z' })).toBe(false);
  });

  it('does not change the status counts: a device that never connected counts by its stored status', () => {
    const devices = [
      { status: 'offline', driver: 'agent', lastUpdate: null },
      { status: 'pending', driver: 'openwisp', lastUpdate: null },
      { status: 'online', driver: 'simulator', lastUpdate: '2026-11-29T10:00:00.000Z' },
    ];
    expect(countStatuses(devices)).toEqual({ offline: 1, online: 1, onbackup: 0, pending: 1, rebooting: 0 });
    expect(COUNTED_STATUSES).not.toContain('neverConnected');
  });
});
