import type { FleetKey } from './fleet-text.ts';

export type DeviceKind = 'firewall' | '5g' | 'access-point' | 'switch';

export const DEVICE_KINDS: readonly DeviceKind[] = ['firewall', '5g', 'access-point', 'switch'];

/**
 * Spec part 9: "Switch, 5G and access point model lists are identified by model name." Real-style model
 * names of the kinds that are not firewalls, including every non-firewall model the simulator creates.
 */
export const SWITCH_MODELS: readonly string[] = [
  'MS120-8',
  'MS120-8LP',
  'MS120-24P',
  'MS125-24P',
  'MS210-24P',
  'MS225-48FP',
  'GS108PP',
  'GS728TP',
  'CBS250-24P-4G',
  'EX2300-C-12P',
  '2930F-24G',
  'USW-24-PoE',
];

export const FIVE_G_MODELS: readonly string[] = [
  'MG51',
  'MG52',
  'E300',
  'R1900-5GB',
  'E3000-5GB',
  'W1850-5GB',
  'FX2000e',
  'FX3100',
];

export const ACCESS_POINT_MODELS: readonly string[] = [
  'MR36',
  'MR46',
  'MR56',
  'MR76',
  'CW9162',
  'U6-Pro',
  'U6-LR',
  'UAP-AC-PRO',
  'AP-505',
  'AP-515',
  'AP-635',
];

// Model names are compared without case or surrounding spaces: inventories write "mr36" and "MR36" alike.
const normalise = (text: string) => text.trim().toLowerCase();
const kindByModel = new Map<string, DeviceKind>([
  ...SWITCH_MODELS.map((model) => [normalise(model), 'switch'] as const),
  ...FIVE_G_MODELS.map((model) => [normalise(model), '5g'] as const),
  ...ACCESS_POINT_MODELS.map((model) => [normalise(model), 'access-point'] as const),
]);

function isDeviceKind(value: string): value is DeviceKind {
  return (DEVICE_KINDS as readonly string[]).includes(value);
}

/**
 * A device's kind: its own kind when it names one, else by its model name from the lists, else firewall
 * (spec part 9: "Default device icon: Firewall Appliance").
 */
export function deviceKind(device: { kind?: string | null; model?: string | null }): DeviceKind {
  const kind = normalise(device.kind ?? '');
  if (isDeviceKind(kind)) return kind;
  return kindByModel.get(normalise(device.model ?? '')) ?? 'firewall';
}

const labelKeys: Record<DeviceKind, FleetKey> = {
  firewall: 'kind.firewall',
  '5g': 'kind.fiveG',
  'access-point': 'kind.accessPoint',
  switch: 'kind.switch',
};

/** The @tabler/icons-react icon name per kind (the screen maps the name to the component). */
const iconNames: Record<DeviceKind, string> = {
  firewall: 'IconFirewallFlame',
  '5g': 'IconSignal5g',
  'access-point': 'IconAccessPoint',
  switch: 'IconSitemap',
};

/** The fleet.json key of a kind's label; anything not a known kind is a Firewall Appliance. */
export function deviceKindLabelKey(kind: string | null | undefined): FleetKey {
  return labelKeys[deviceKind({ kind })];
}

/** The icon name of a kind; anything not a known kind gets the firewall's. */
export function deviceKindIconName(kind: string | null | undefined): string {
  return iconNames[deviceKind({ kind })];
}
