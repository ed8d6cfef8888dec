/**
 * The words of notifications, in the person's language (their `language` preference): alerts raised and
 * cleared, the digest, and the test message. Alert names and what they measured come from the contract's
 * catalogue, as everywhere else.
 */
import {
  ALERT_CODE_INFO,
  type AlertCode,
  type AlertSeverity,
  alertTitle,
  type Channel,
  type DeviceKind,
  ALERT_SEVERITIES as SEVERITY_ORDER,
} from '@vnoc/contracts';
import type { Language } from './profile.ts';

const SEVERITY: Record<Language, Record<AlertSeverity, string>> = {
  en: { critical: 'Critical', major: 'Major', minor: 'Minor', info: 'Info' },
  es: { critical: 'Crítica', major: 'Mayor', minor: 'Menor', info: 'Información' },
};

const KIND: Record<Language, Record<DeviceKind, string>> = {
  en: { firewall: 'firewall', '5g': '5G appliance', 'access-point': 'access point', switch: 'switch' },
  es: {
    firewall: 'cortafuegos',
    '5g': 'dispositivo 5G',
    'access-point': 'punto de acceso',
    switch: 'conmutador de red',
  },
};

const WORDS = {
  en: {
    cleared: 'Cleared',
    severity: 'Severity',
    site: 'Site',
    region: 'Region',
    device: 'Device',
    raised: 'Raised',
    clearedAt: 'Cleared',
    at: 'at',
    open: (link: string) => `Open this alert in vNOC: ${link}`,
    digestSubject: '[vNOC] Alerts digest',
    digestRate: (link: string) =>
      `More alerts than usual: the rest of these 10 minutes in one message (Critical and Major alerts still come on their own, at once). Open problems first, clearings last. Open vNOC's alerts: ${link}`,
    digestQuiet: (link: string) =>
      `Alerts during your quiet hours (Critical and Major alerts still come on their own, at once). Open problems first, clearings last. Open vNOC's alerts: ${link}`,
    testSubject: '[vNOC] Test notification',
    testBody: (link: string | null) =>
      `This is a test notification from vNOC. Alerts you choose in Settings → Notifications will arrive here${link ? `: ${link}` : '.'}`,
  },
  es: {
    cleared: 'Resuelta',
    severity: 'Gravedad',
    site: 'Sitio',
    region: 'Región',
    device: 'Equipo',
    raised: 'Generada',
    clearedAt: 'Resuelta',
    at: 'en',
    open: (link: string) => `Abra esta alerta en vNOC: ${link}`,
    digestSubject: '[vNOC] Resumen de alertas',
    digestRate: (link: string) =>
      `Más alertas de lo habitual: el resto de estos 10 minutos en un solo mensaje (las alertas críticas y mayores siguen llegando solas, al momento). Primero los problemas abiertos, al final los resueltos. Abra las alertas de vNOC: ${link}`,
    digestQuiet: (link: string) =>
      `Alertas durante sus horas de silencio (las alertas críticas y mayores siguen llegando solas, al momento). Primero los problemas abiertos, al final los resueltos. Abra las alertas de vNOC: ${link}`,
    testSubject: '[vNOC] Notificación de prueba',
    testBody: (link: string | null) =>
      `Esta es una notificación de prueba de vNOC. Las alertas que elija en Configuración → Notificaciones llegarán aquí${link ? `: ${link}` : '.'}`,
  },
} as const;

/** What the fan-out knows of an alert to describe it. */
export type AlertFacts = {
  code: AlertCode;
  severity: AlertSeverity;
  details: Record<string, number | string>;
  siteName: string | null;
  region: string | null;
  deviceKind: DeviceKind | null;
  /** The name someone gave the device; null while it has its default (model and MAC say it all). */
  deviceName: string | null;
  deviceModel: string | null;
  macAddress: string | null;
  raisedAt: Date;
  clearedAt: Date | null;
};

/** A time as the person reads it: their language, their time zone (quiet hours'), else UTC. */
export function formatTime(at: Date, lang: Language, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  return `${formatter(lang, zone).format(at)} (${zone})`;
}

/** One formatter per language and zone: building one costs more than formatting a thousand times. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: Language, zone: string): Intl.DateTimeFormat {
  const key = `${lang}|${zone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: zone,
    });
    formatters.set(key, f);
  }
  return f;
}

const deviceText = (a: AlertFacts, lang: Language) => {
  if (!a.deviceModel && !a.deviceKind) return null;
  const kind = a.deviceKind ? KIND[lang][a.deviceKind] : null;
  const model = [a.deviceModel, kind ? `(${kind})` : null].filter(Boolean).join(' ');
  const named = a.deviceName ? `${a.deviceName} — ${model}` : model;
  return a.macAddress ? `${named}, MAC ${a.macAddress}` : named;
};

const place = (a: AlertFacts) => a.siteName ?? a.region;

/** One line: "Critical — Site offline (for 12 min) at Alpha Store, 14:05". Digests list these. */
export function alertLine(
  a: AlertFacts,
  transition: 'raised' | 'cleared',
  lang: Language,
  timeZone: string | null,
): string {
  const w = WORDS[lang];
  const state = transition === 'cleared' ? w.cleared : SEVERITY[lang][a.severity];
  const where = place(a);
  const when = formatTime(
    transition === 'cleared' ? (a.clearedAt ?? a.raisedAt) : a.raisedAt,
    lang,
    timeZone,
  );
  return `${state} — ${alertTitle(a.code, a.details, lang)}${where ? ` ${w.at} ${where}` : ''} · ${when}`;
}

export type Text = { subject: string; body: string };

/**
 * A raised or cleared alert for one person on one channel, with `link` (the alert's page in the console). SMS
 * gets one line and the link; a call one line (an address read aloud helps no one).
 */
export function alertText(
  a: AlertFacts,
  transition: 'raised' | 'cleared',
  channel: Channel,
  lang: Language,
  timeZone: string | null,
  link: string,
): Text {
  const w = WORDS[lang];
  const name = ALERT_CODE_INFO[a.code].name[lang];
  const where = place(a);
  const state = transition === 'cleared' ? w.cleared : SEVERITY[lang][a.severity];
  const subject = `[vNOC] ${state}: ${name}${where ? ` — ${where}` : ''}`;
  if (channel !== 'email') {
    const line = `vNOC: ${alertLine(a, transition, lang, timeZone)}.`;
    return { subject, body: channel === 'sms' ? `${line} ${link}` : line };
  }
  const device = deviceText(a, lang);
  const lines = [
    alertTitle(a.code, a.details, lang),
    '',
    `${w.severity}: ${SEVERITY[lang][a.severity]}`,
    a.siteName ? `${w.site}: ${a.siteName}` : null,
    a.region && !a.siteName ? `${w.region}: ${a.region}` : null,
    device ? `${w.device}: ${device}` : null,
    `${w.raised}: ${formatTime(a.raisedAt, lang, timeZone)}`,
    transition === 'cleared'
      ? `${w.clearedAt}: ${formatTime(a.clearedAt ?? a.raisedAt, lang, timeZone)}`
      : null,
    '',
    w.open(link),
  ];
  return { subject, body: lines.filter((l) => l !== null).join('\n') };
}

/** A digest's subject and first line, with `link` (the Alerts screen); its lines are listed after it. */
export function digestText(reason: 'rate' | 'quiet', lang: Language, link: string): Text {
  const w = WORDS[lang];
  return { subject: w.digestSubject, body: (reason === 'rate' ? w.digestRate : w.digestQuiet)(link) };
}

/** The test message, with `link` (Settings → Notifications, where the person chose it; none on a call). */
export function testText(lang: Language, link: string | null): Text {
  return { subject: WORDS[lang].testSubject, body: WORDS[lang].testBody(link) };
}

/** One alert in a digest: what it is, and whether the digest tells it raised or cleared. */
export type DigestEntry = { facts: AlertFacts; transition: 'raised' | 'cleared' };

/**
 * A digest's order (issue 37): open problems first (worst severity, then newest), then problems raised and
 * cleared since, then clearings (newest first).
 */
export function compareDigestEntries(x: DigestEntry, y: DigestEntry): number {
  const group = (e: DigestEntry) => (e.transition === 'cleared' ? 2 : e.facts.clearedAt ? 1 : 0);
  const time = (e: DigestEntry) =>
    (e.transition === 'cleared' ? (e.facts.clearedAt ?? e.facts.raisedAt) : e.facts.raisedAt).getTime();
  return (
    group(x) - group(y) ||
    (group(x) === 2
      ? 0
      : SEVERITY_ORDER.indexOf(x.facts.severity) - SEVERITY_ORDER.indexOf(y.facts.severity)) ||
    time(y) - time(x)
  );
}
