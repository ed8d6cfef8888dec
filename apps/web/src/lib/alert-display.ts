import {
  ALERT_CODE_INFO,
  ALERT_SEVERITIES,
  type Alert,
  type AlertCode,
  type AlertSeverity,
  SEVERITY_RANK,
} from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { numberFormat } from './intl.ts';

/** The i18next namespace of the alert screens and of the alert words shared by other screens. */
export const ALERTS_NS = 'alerts';

/** Mantine colour of each severity (the light badge variant keeps the text readable; app/theme.ts). */
export const SEVERITY_COLOUR: Readonly<Record<AlertSeverity, string>> = {
  critical: 'red',
  major: 'orange',
  minor: 'yellow',
  info: 'blue',
};

export function isSeverity(value: unknown): value is AlertSeverity {
  return typeof value === 'string' && (ALERT_SEVERITIES as readonly string[]).includes(value);
}

export function isAlertCode(value: unknown): value is AlertCode {
  return typeof value === 'string' && value in ALERT_CODE_INFO;
}

/**
 * Worst first (critical, major, minor, info — the contract's SEVERITY_RANK), then the newest raised first,
 * then by id, so the order is the same on every render.
 */
export function compareAlerts(
  a: Pick<Alert, 'severity' | 'raisedAt' | 'id'>,
  b: Pick<Alert, 'severity' | 'raisedAt' | 'id'>,
): number {
  const rank = SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity];
  if (rank !== 0) return rank;
  const time = (Date.parse(b.raisedAt) || 0) - (Date.parse(a.raisedAt) || 0);
  if (time !== 0) return time;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The alerts worst first (see compareAlerts); the input is not changed. */
export function sortAlerts<T extends Pick<Alert, 'severity' | 'raisedAt' | 'id'>>(alerts: readonly T[]): T[] {
  return [...alerts].sort(compareAlerts);
}

/** The worst of some severities; null when there are none. */
export function worstSeverity(severities: Iterable<AlertSeverity>): AlertSeverity | null {
  let worst: AlertSeverity | null = null;
  for (const severity of severities) {
    if (worst === null || SEVERITY_RANK[severity] < SEVERITY_RANK[worst]) worst = severity;
  }
  return worst;
}

const languageOf = (lang: string): 'en' | 'es' => (lang.startsWith('es') ? 'es' : 'en');

/** An alert code's name from the contract's catalogue in the language (English otherwise); an unknown code as is. */
export function alertName(code: string, lang: string): string {
  return isAlertCode(code) ? ALERT_CODE_INFO[code].name[languageOf(lang)] : code;
}

/** An alert code's description from the catalogue in the language; '' for an unknown code. */
export function alertDescription(code: string, lang: string): string {
  return isAlertCode(code) ? ALERT_CODE_INFO[code].description[languageOf(lang)] : '';
}

/** Units the engine's detail keys end with, shown the same in every language. */
const UNIT_SUFFIXES: readonly [suffix: string, unit: string][] = [
  ['Ms', 'ms'],
  ['Percent', '%'],
  ['Dbm', 'dBm'],
  ['Db', 'dB'],
];

/** "latencyMs" → "latency", "rebootMinutes" → "reboot minutes": a readable name for a key we do not know. */
function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function formatNumber(value: number, lang: string): string {
  return numberFormat(languageOf(lang), { maximumFractionDigits: 1 }).format(value);
}

/**
 * What was measured, one short phrase per detail in the language of `t` (namespace `alerts`): a known key
 * has its own phrase (`details.<key>` with {{value}}), an unknown one reads "Key: value" with its unit
 * when the key names one (…Ms, …Percent). Keys are listed in the alert's own order.
 */
export function formatAlertDetails(
  details: Readonly<Record<string, number | string>>,
  t: TFunction,
  lang: string,
): string[] {
  return Object.entries(details).map(([key, raw]) => {
    // The engine counts whole minutes: an alert raised this minute has been so for under one.
    if (key === 'minutes' && raw === 0) return t('details.minutesUnderOne', { ns: 'alerts' });
    const value = typeof raw === 'number' ? formatNumber(raw, lang) : raw;
    const suffix = UNIT_SUFFIXES.find(([end]) => key.endsWith(end) && key.length > end.length);
    const fallback = suffix
      ? `${humanize(key.slice(0, -suffix[0].length))}: ${value} ${suffix[1]}`
      : `${humanize(key)}: ${value}`;
    return t(`details.${key}`, { ns: ALERTS_NS, value, defaultValue: fallback });
  });
}

/**
 * The device of an alert as people name it: its name ("Lobby AP", or by default "MR36 00CA"), with its MAC
 * in brackets when `withMac` (text sent to support); without a name, model and MAC; '' without a device.
 */
export function alertDeviceLabel(
  alert: Pick<Alert, 'deviceName' | 'deviceModel' | 'macAddress'>,
  { withMac = false } = {},
): string {
  if (!alert.deviceName) return [alert.deviceModel, alert.macAddress].filter(Boolean).join(' ');
  return withMac && alert.macAddress ? `${alert.deviceName} (${alert.macAddress})` : alert.deviceName;
}

/** Where an alert is: its site, else the region of a regional incident, else ''. */
export function alertPlace(alert: Pick<Alert, 'siteName' | 'region'>): string {
  return alert.siteName ?? alert.region ?? '';
}
