import {
  ALERT_CODE_INFO,
  ALERT_SEVERITIES,
  type Alert,
  type AlertCode,
  type AlertSeverity,
  alertMeasured,
  SEVERITY_RANK,
} from '@vnoc/contracts';

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

/**
 * An alert's description from the catalogue in the language; the server's message for a code the console does
 * not know.
 */
export function alertDescription(alert: Pick<Alert, 'code' | 'message'>, lang: string): string {
  const described = isAlertCode(alert.code) ? ALERT_CODE_INFO[alert.code].description[languageOf(lang)] : '';
  return described || alert.message;
}

/**
 * What was measured, in the language, as the contract's alert vocabulary words it (the same words as the
 * emails and the CSV): "for 12 min", "2 of 5 bars"; null when there is nothing to tell or the code is unknown.
 */
export function alertMeasuredText(alert: Pick<Alert, 'code' | 'details'>, lang: string): string | null {
  return isAlertCode(alert.code) ? alertMeasured(alert.code, alert.details, languageOf(lang)) : null;
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

/** Where an alert is, as sent to support: its device with the MAC and its place, those it has, joined by `separator`. */
export function alertDeviceAndPlace(
  alert: Pick<Alert, 'deviceName' | 'deviceModel' | 'macAddress' | 'siteName' | 'region'>,
  separator: string,
): string {
  return [alertDeviceLabel(alert, { withMac: true }), alertPlace(alert)].filter(Boolean).join(separator);
}
