import '../../../test/i18n-setup.ts';
import { describe, expect, it } from 'vitest';
import { fleetText } from '../../../lib/fleet-text.ts';
import { i18n } from '../../../lib/i18n.ts';
import { CLOUD_CONNECTED_UNDER_MS, cloudConnectionLabelKey, isCloudConnected } from './cloud-connection.ts';

const en = i18n.getFixedT('en');
const es = i18n.getFixedT('es');
const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

// Spec part 4: "Cloud connection: Connected when last update is under 5 minutes old, otherwise Not Connected."
describe('cloud connection', () => {
  it('uses the spec part 9 constant: "Cloud connected under 5 min."', () => {
    expect(CLOUD_CONNECTED_UNDER_MS).toBe(5 * MINUTE);
  });

  it.each([
    ['just now', NOW, true],
    ['4:59 old', NOW - (5 * MINUTE - SECOND), true],
    ['4:59.999 old', NOW - (5 * MINUTE - 1), true],
    ['exactly 5:00 old', NOW - 5 * MINUTE, false],
    ['5:01 old', NOW - (5 * MINUTE + SECOND), false],
    ['an hour old', NOW - 60 * MINUTE, false],
    ['ISO text 1 min old', new Date(NOW - MINUTE).toISOString(), true],
    ['never updated (null)', null, false],
    ['missing (undefined)', undefined, false],
    ['not a date', 'soon', false],
  ])('last update %s → connected %s', (_name, lastUpdate, connected) => {
    expect(isCloudConnected(lastUpdate, NOW)).toBe(connected);
    const key = cloudConnectionLabelKey(lastUpdate, NOW);
    expect(fleetText(en, key)).toBe(connected ? 'Connected' : 'Not Connected');
    expect(fleetText(es, key)).toBe(connected ? 'Conectado' : 'No conectado');
  });
});
