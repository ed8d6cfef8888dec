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
} from '@vnoc/contracts';
import type { Language } from './profile.ts';

/** Where the console lists alerts; notifications point there. */
export const ALERTS_LINK = '/alerts';

const SEVERITY: Record<Language, Record<AlertSeverity, string>> = {
  en: { critical: 'Critical', major: 'Major', minor: 'Minor', info: 'Info' },
  es: { critical: 'Crítica', major: 'Mayor', minor: 'Menor', info: 'Información' },
};

const KIND: Record<Language, Record<DeviceKind, string>> = {
  en: { firewall: 'firewall', '5g': '5G appliance', 'access-point': 'access point', switch: 'switch' },
  es: { firewall: 'firewall', '5g': 'equipo 5G', 'access-point': 'punto de acceso', switch: 'switch' },
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
    open: `Open vNOC at ${ALERTS_LINK} for details.`,
    digestSubject: '[vNOC] Alerts digest',
    digestRate: `More alerts than usual: the rest of these 10 minutes in one message. Open vNOC at ${ALERTS_LINK} for details.`,
    digestQuiet: `Alerts during your quiet hours. Open vNOC at ${ALERTS_LINK} for details.`,
    testSubject: '[vNOC] Test notification',
    testBody:
      'This is a test notification from vNOC. Alerts you choose in Settings → Notifications will arrive here.',
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
    open: `Abra vNOC en ${ALERTS_LINK} para ver los detalles.`,
    digestSubject: '[vNOC] Resumen de alertas',
    digestRate: `Más alertas de lo habitual: el resto de estos 10 minutos en un solo mensaje. Abra vNOC en ${ALERTS_LINK} para ver los detalles.`,
    digestQuiet: `Alertas durante sus horas de silencio. Abra vNOC en ${ALERTS_LINK} para ver los detalles.`,
    testSubject: '[vNOC] Notificación de prueba',
    testBody:
      'Esta es una notificación de prueba de vNOC. Las alertas que elija en Configuración → Notificaciones llegarán aquí.',
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

/** A raised or cleared alert for one person on one channel. SMS and voice get one line and the link. */
export function alertText(
  a: AlertFacts,
  transition: 'raised' | 'cleared',
  channel: Channel,
  lang: Language,
  timeZone: string | null,
): Text {
  const w = WORDS[lang];
  const name = ALERT_CODE_INFO[a.code].name[lang];
  const where = place(a);
  const state = transition === 'cleared' ? w.cleared : SEVERITY[lang][a.severity];
  const subject = `[vNOC] ${state}: ${name}${where ? ` — ${where}` : ''}`;
  if (channel !== 'email')
    return { subject, body: `vNOC: ${alertLine(a, transition, lang, timeZone)}. ${ALERTS_LINK}` };
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
    w.open,
  ];
  return { subject, body: lines.filter((l) => l !== null).join('\n') };
}

/** A digest's subject and first line; the dispatcher sends the lines appended after it. */
export function digestText(reason: 'rate' | 'quiet', lang: Language): Text {
  const w = WORDS[lang];
  return { subject: w.digestSubject, body: reason === 'rate' ? w.digestRate : w.digestQuiet };
}

export function testText(lang: Language): Text {
  return { subject: WORDS[lang].testSubject, body: WORDS[lang].testBody };
}
