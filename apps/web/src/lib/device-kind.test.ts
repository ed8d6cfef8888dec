import '../test/i18n-setup.ts';
import * as icons from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_POINT_MODELS,
  deviceKind,
  deviceKindIconName,
  deviceKindLabelKey,
  FIVE_G_MODELS,
  SWITCH_MODELS,
} from './device-kind.ts';
import { fleetText } from './fleet-text.ts';
import { i18n } from './i18n.ts';

const en = i18n.getFixedT('en');
const es = i18n.getFixedT('es');

// Spec part 9: "Default device icon: Firewall Appliance."
describe('device kind label and icon', () => {
  it.each([
    ['firewall', 'Firewall Appliance', 'Cortafuegos', 'IconFirewallFlame'],
    ['5g', '5G Appliance', 'Dispositivo 5G', 'IconSignal5g'],
    ['access-point', 'Access Point', 'Punto de acceso', 'IconAccessPoint'],
    ['switch', 'Network Switch', 'Conmutador de red', 'IconSitemap'],
    ['5G', '5G Appliance', 'Dispositivo 5G', 'IconSignal5g'],
    ['router', 'Firewall Appliance', 'Cortafuegos', 'IconFirewallFlame'],
    ['', 'Firewall Appliance', 'Cortafuegos', 'IconFirewallFlame'],
    [null, 'Firewall Appliance', 'Cortafuegos', 'IconFirewallFlame'],
    [undefined, 'Firewall Appliance', 'Cortafuegos', 'IconFirewallFlame'],
  ])('%s → "%s" / "%s", %s', (kind, english, spanish, icon) => {
    expect(fleetText(en, deviceKindLabelKey(kind))).toBe(english);
    expect(fleetText(es, deviceKindLabelKey(kind))).toBe(spanish);
    expect(deviceKindIconName(kind)).toBe(icon);
    expect(icons).toHaveProperty(icon);
  });
});

// Spec part 9: "Switch, 5G and access point model lists are identified by model name."
describe('device kind from the model name', () => {
  it.each([
    [{ model: 'MS120-24P' }, 'switch'],
    [{ model: 'ms120-24p' }, 'switch'],
    [{ model: 'MG51' }, '5g'],
    [{ model: ' FX2000e ' }, '5g'],
    [{ model: 'MR36' }, 'access-point'],
    // The simulator's models (apps/api/src/fleet/seed-fleet.ts).
    [{ model: 'MS120-8' }, 'switch'],
    [{ model: '2930F-24G' }, 'switch'],
    [{ model: 'USW-24-PoE' }, 'switch'],
    [{ model: 'E300' }, '5g'],
    [{ model: 'FX3100' }, '5g'],
    [{ model: 'U6-Pro' }, 'access-point'],
    [{ model: 'AP-515' }, 'access-point'],
    [{ model: 'MX68' }, 'firewall'],
    [{ model: 'TZ370' }, 'firewall'],
    [{ model: 'MX67' }, 'firewall'],
    [{ model: 'FortiGate 60F' }, 'firewall'],
    [{ model: null }, 'firewall'],
    [{}, 'firewall'],
    // A kind the device names wins over its model; an unknown kind falls back to the model.
    [{ kind: 'switch', model: 'MR36' }, 'switch'],
    [{ kind: 'gateway', model: 'MR36' }, 'access-point'],
  ] as const)('%o → %s', (device, kind) => {
    expect(deviceKind(device)).toBe(kind);
  });

  it('every listed model maps to its own kind (no model in two lists)', () => {
    for (const model of SWITCH_MODELS) expect(deviceKind({ model })).toBe('switch');
    for (const model of FIVE_G_MODELS) expect(deviceKind({ model })).toBe('5g');
    for (const model of ACCESS_POINT_MODELS) expect(deviceKind({ model })).toBe('access-point');
    const all = [...SWITCH_MODELS, ...FIVE_G_MODELS, ...ACCESS_POINT_MODELS].map((m) => m.toLowerCase());
    expect(new Set(all).size).toBe(all.length);
  });
});
