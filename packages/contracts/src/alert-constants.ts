import { formatDuration, numberFormatOf } from './duration.ts';

/*
 * The alerts' vocabulary without zod (issue 39): the catalogue of codes and the words of what they measured,
 * the list's states and sort fields and the limits of notes and maintenance windows. The console's screens read
 * these on their first load; the schemas built on them live in alerts.ts.
 */

// ---- the catalogue: the one vocabulary of alert codes ----
// Each code's severity, name, description and the words of what it measured, in English and Spanish. The
// engine, the notifications, the CSV export and the console all read it, so a code says the same everywhere.

export const ALERT_SEVERITIES = ['critical', 'major', 'minor', 'info'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** Worst first: the order of severity sorting and of the "worst active severity" of a site. */
export const SEVERITY_RANK: Readonly<Record<AlertSeverity, number>> = {
  critical: 0,
  major: 1,
  minor: 2,
  info: 3,
};

export const ALERT_CODES = [
  'site_offline',
  'device_offline',
  'on_backup',
  'reboot_too_long',
  'pending_too_long',
  'cloud_disconnected',
  'weak_signal',
  'high_latency',
  'high_jitter',
  'packet_loss',
  'lan_port_disabled',
  'regional_outage',
] as const;
export type AlertCode = (typeof ALERT_CODES)[number];

/** Thresholds the engine raises alerts at (the signal scale is spec part 9). */
export const ALERT_THRESHOLDS = {
  /** A reboot still going after this long. */
  rebootTooLongMinutes: 10,
  /** Pending installation for longer than this. */
  pendingTooLongDays: 7,
  /** Spec part 4: cloud "Connected when last update is under 5 minutes old". */
  cloudDisconnectedMinutes: 5,
  /** Weak or worse: at most this many bars on the spec's scale. */
  weakSignalBars: 2,
  /** Over the average of the last `wanSamples` WAN samples. */
  latencyMs: 150,
  jitterMs: 30,
  lossPercent: 2,
  wanSamples: 5,
  /** A regional outage: at least this many sites of one region offline within the window. */
  regionalSites: 3,
  regionalWindowMinutes: 10,
  /** An alert that comes back within this long after clearing is the same alert again (flap damping). */
  flapMinutes: 15,
} as const;

/** The languages alert texts exist in (the `language` preference). */
export type AlertLanguage = 'en' | 'es';
type Text = Readonly<Record<AlertLanguage, string>>;

/** What `GET alert/codes` tells of a code. */
export type AlertCodeInfo = {
  code: AlertCode;
  severity: AlertSeverity;
  /** Whether a device raises it (false: an incident over several sites). */
  perDevice: boolean;
  name: Text;
  description: Text;
};

/** A code's whole description: what `GET alert/codes` tells, and the words of what it measured. */
export type AlertCodeDescription = AlertCodeInfo & {
  /**
   * What was measured, as words around the alert's details: `{key}` stands for `details[key]` (the keys
   * the engine writes for this code). Not sent by `GET alert/codes`: the console has this catalogue.
   */
  measured: Text;
};

const t = ALERT_THRESHOLDS;
/** The engine counts whole minutes since a condition began; they read as a duration ("for 1 d 15 h"). */
const FOR_MINUTES: Text = { en: 'for {minutes}', es: 'durante {minutes}' };
const WAN_MS: Text = { en: '{ms} ms', es: '{ms} ms' };

/** Every alert code with its severity, name, description and measure in both languages (`GET alert/codes`). */
export const ALERT_CATALOGUE: readonly AlertCodeDescription[] = [
  {
    code: 'site_offline',
    severity: 'critical',
    perDevice: true,
    name: { en: 'Site offline', es: 'Sitio sin conexión' },
    description: {
      en: "The site's edge device (firewall or 5G appliance) is offline: the site has no connection.",
      es: 'El dispositivo de borde del sitio (cortafuegos o dispositivo 5G) está sin conexión: el sitio no tiene conexión.',
    },
    measured: FOR_MINUTES,
  },
  {
    code: 'device_offline',
    severity: 'major',
    perDevice: true,
    name: { en: 'Device offline', es: 'Dispositivo sin conexión' },
    description: {
      en: 'An access point or switch is offline while its site is connected.',
      es: 'Un punto de acceso o conmutador está sin conexión mientras su sitio tiene conexión.',
    },
    measured: FOR_MINUTES,
  },
  {
    code: 'on_backup',
    severity: 'major',
    perDevice: true,
    name: { en: 'On backup (failover)', es: 'En respaldo (conmutación)' },
    description: {
      en: 'The edge device lost its primary WAN link and runs on its backup link.',
      es: 'El dispositivo de borde perdió su enlace WAN principal y funciona con el enlace de respaldo.',
    },
    measured: FOR_MINUTES,
  },
  {
    code: 'reboot_too_long',
    severity: 'major',
    perDevice: true,
    name: { en: 'Reboot taking too long', es: 'Reinicio demasiado largo' },
    description: {
      en: `The device has been rebooting for more than ${t.rebootTooLongMinutes} minutes.`,
      es: `El dispositivo lleva más de ${t.rebootTooLongMinutes} minutos reiniciándose.`,
    },
    measured: FOR_MINUTES,
  },
  {
    code: 'pending_too_long',
    severity: 'minor',
    perDevice: true,
    name: { en: 'Pending installation for too long', es: 'Instalación pendiente demasiado tiempo' },
    description: {
      en: `The device has been pending installation for more than ${t.pendingTooLongDays} days.`,
      es: `El dispositivo lleva más de ${t.pendingTooLongDays} días con la instalación pendiente.`,
    },
    measured: FOR_MINUTES,
  },
  {
    code: 'cloud_disconnected',
    severity: 'major',
    perDevice: true,
    name: { en: 'Cloud connection lost', es: 'Conexión con la nube perdida' },
    description: {
      en: `The device has not reported for ${t.cloudDisconnectedMinutes} minutes or more although it is not known to be down.`,
      es: `El dispositivo no ha informado desde hace ${t.cloudDisconnectedMinutes} minutos o más aunque no consta como sin conexión.`,
    },
    measured: FOR_MINUTES,
  },
  {
    code: 'weak_signal',
    severity: 'minor',
    perDevice: true,
    name: { en: 'Weak cellular signal', es: 'Señal celular débil' },
    description: {
      en: 'The cellular signal is Weak or worse on the signal scale (2 bars or fewer).',
      es: 'La señal celular es Débil o peor en la escala de señal (2 barras o menos).',
    },
    measured: { en: '{bars} of 5 bars', es: '{bars} de 5 barras' },
  },
  {
    code: 'high_latency',
    severity: 'minor',
    perDevice: true,
    name: { en: 'High WAN latency', es: 'Latencia WAN alta' },
    description: {
      en: `The average WAN latency of the last ${t.wanSamples} samples is over ${t.latencyMs} ms.`,
      es: `La latencia WAN media de las últimas ${t.wanSamples} muestras supera ${t.latencyMs} ms.`,
    },
    measured: WAN_MS,
  },
  {
    code: 'high_jitter',
    severity: 'minor',
    perDevice: true,
    name: { en: 'High WAN jitter', es: 'Jitter WAN alto' },
    description: {
      en: `The average WAN jitter of the last ${t.wanSamples} samples is over ${t.jitterMs} ms.`,
      es: `El jitter WAN medio de las últimas ${t.wanSamples} muestras supera ${t.jitterMs} ms.`,
    },
    measured: WAN_MS,
  },
  {
    code: 'packet_loss',
    severity: 'major',
    perDevice: true,
    name: { en: 'WAN packet loss', es: 'Pérdida de paquetes WAN' },
    description: {
      en: `The average WAN packet loss of the last ${t.wanSamples} samples is over ${t.lossPercent} %.`,
      es: `La pérdida media de paquetes WAN de las últimas ${t.wanSamples} muestras supera el ${t.lossPercent} %.`,
    },
    measured: { en: '{percent} %', es: '{percent} %' },
  },
  {
    code: 'lan_port_disabled',
    severity: 'info',
    perDevice: true,
    name: { en: 'LAN port disabled', es: 'Puerto LAN desactivado' },
    description: {
      en: 'One or more LAN ports of the device were disabled from the console.',
      es: 'Se desactivaron uno o más puertos LAN del dispositivo desde la consola.',
    },
    measured: { en: 'ports {ports}', es: 'puertos {ports}' },
  },
  {
    code: 'regional_outage',
    severity: 'critical',
    perDevice: false,
    name: { en: 'Regional outage', es: 'Caída regional' },
    description: {
      en: `${t.regionalSites} or more sites of one region went offline within ${t.regionalWindowMinutes} minutes: one incident.`,
      es: `${t.regionalSites} o más sitios de una región quedaron sin conexión en menos de ${t.regionalWindowMinutes} minutos: un solo incidente.`,
    },
    measured: { en: '{sites} sites in {region}', es: '{sites} sitios en {region}' },
  },
];

export const ALERT_CODE_INFO: Readonly<Record<AlertCode, AlertCodeDescription>> = Object.fromEntries(
  ALERT_CATALOGUE.map((c) => [c.code, c]),
) as Record<AlertCode, AlertCodeDescription>;

/** A condition raised this minute has lasted under one: the whole phrase, not "for 0 min". */
const UNDER_A_MINUTE: Text = { en: 'for under a minute', es: 'durante menos de un minuto' };

/** The `{key}` names of a measure's words: the details the code's phrase needs. */
export function measuredKeys(code: AlertCode): string[] {
  return [...ALERT_CODE_INFO[code].measured.en.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

/**
 * What an alert measured, in words of the language: "for 12 min", "2 of 5 bars", "3 sites in TX"; null
 * while a detail its phrase needs is missing (a regional incident before its sites are counted).
 */
export function alertMeasured(
  code: AlertCode,
  details: Readonly<Record<string, number | string>>,
  lang: AlertLanguage,
): string | null {
  const words = ALERT_CODE_INFO[code].measured[lang];
  if (details.minutes === 0 && words.includes('{minutes}')) return UNDER_A_MINUTE[lang];
  let missing = false;
  const text = words.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = details[key];
    if (value === undefined || value === '') missing = true;
    if (typeof value !== 'number') return String(value ?? '');
    return key === 'minutes' ? formatDuration(value * 60, lang) : numberFormatOf(lang, 1).format(value);
  });
  return missing ? null : text;
}

/** An alert code's name with what was measured: "Site offline (for 12 min)"; the name alone without it. */
export function alertTitle(
  code: AlertCode,
  details: Readonly<Record<string, number | string>>,
  lang: AlertLanguage,
): string {
  const name = ALERT_CODE_INFO[code].name[lang];
  const measured = alertMeasured(code, details, lang);
  return measured ? `${name} (${measured})` : name;
}

// ---- the list and the limits ----

export const ALERT_STATES = ['active', 'cleared'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

export const ALERT_SORT_FIELDS = [
  /** Unacknowledged first, then worst severity, then newest (issue 37): the active list's default. */
  'priority',
  'raisedAt',
  'lastSeenAt',
  'clearedAt',
  'severity',
  'code',
  'siteName',
  'occurrences',
] as const;
export type AlertSortField = (typeof ALERT_SORT_FIELDS)[number];

/**
 * The list's order when none is asked for: active alerts by priority (a Critical "Site offline" never sits under
 * fresh Minor ones), cleared ones newest first.
 */
export function defaultAlertSorting(status: AlertState): `${AlertSortField}-${'asc' | 'desc'}` {
  return status === 'active' ? 'priority-asc' : 'raisedAt-desc';
}

export const ALERT_NOTE_MAX = 2000;

export const MAINTENANCE_REASON_MAX = 500;
/** The longest window one may schedule. */
export const MAINTENANCE_MAX_DAYS = 31;
