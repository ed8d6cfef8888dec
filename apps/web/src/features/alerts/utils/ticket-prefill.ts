import { type Alert, type AlertDetail, TICKET_COMMENT_MAX, TICKET_SUBJECT_MAX } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import {
  alertDescription,
  alertDeviceAndPlace,
  alertDeviceLabel,
  alertMeasuredText,
  alertName,
  alertPlace,
  sortAlerts,
} from '../../../lib/alert-display.ts';
import { formatDate } from '../../../lib/format.ts';

/** The device a ticket about an alert is sent for, and the subject and comment it starts with. */
export interface AlertTicketPrefill {
  /** The alert the ticket is sent from: the ticket keeps it and its notes. */
  alertId: string;
  device: { id: string; macAddress: string; model: string; siteId: string; siteName: string };
  subject: string;
  comment: string;
}

/** The device of the alert itself, else of its first dependent that has one (a regional incident has none). */
function ticketDevice(detail: AlertDetail): AlertTicketPrefill['device'] | null {
  const candidates: Alert[] = [detail, ...sortAlerts(detail.dependentAlerts)];
  const alert = candidates.find((a) => a.deviceId && a.siteId);
  if (!alert?.deviceId || !alert.siteId) return null;
  return {
    id: alert.deviceId,
    macAddress: alert.macAddress ?? '',
    model: alert.deviceModel ?? '',
    siteId: alert.siteId,
    siteName: alert.siteName ?? '',
  };
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** "[Critical] Site offline — Store 12": severity, name and place, in the language of `t` (namespace alerts). */
export function alertTicketSubject(alert: Alert, t: TFunction, lang: string): string {
  const place = alertPlace(alert);
  const subject = t('ticket.subject', {
    ns: 'alerts',
    severity: t(`severity.${alert.severity}`, { ns: 'alerts' }),
    name: alertName(alert.code, lang),
    place,
  });
  return clip(place ? subject : subject.replace(/ — $/, ''), TICKET_SUBJECT_MAX);
}

/** One dependent as a line: "- [Major] Device offline — MR36 00:17:c5:…, Store 12, raised 03/02/2026 02:05 PM". */
function dependentLine(alert: Alert, t: TFunction, lang: string): string {
  const what = alertDeviceAndPlace(alert, ', ');
  const measured = alertMeasuredText(alert, lang);
  return t('ticket.dependentLine', {
    ns: 'alerts',
    severity: t(`severity.${alert.severity}`, { ns: 'alerts' }),
    name: alertName(alert.code, lang),
    what: [what, measured].filter(Boolean).join(', '),
    raised: formatDate(alert.raisedAt),
  });
}

/**
 * The comment: the alert (name, severity, description, site, device, times, occurrences, what was measured),
 * then each dependent worst first. Dependents that do not fit the ticket's comment limit are counted.
 */
export function alertTicketComment(detail: AlertDetail, t: TFunction, lang: string): string {
  const tt = (key: string, values: Record<string, unknown> = {}) => t(key, { ns: 'alerts', ...values });
  const measured = alertMeasuredText(detail, lang);
  const lines = [
    tt('ticket.alert', { name: alertName(detail.code, lang), severity: tt(`severity.${detail.severity}`) }),
    alertDescription(detail, lang),
    detail.siteName ? tt('ticket.site', { site: detail.siteName }) : null,
    !detail.siteName && detail.region ? tt('ticket.region', { region: detail.region }) : null,
    alertDeviceLabel(detail)
      ? tt('ticket.device', { device: alertDeviceLabel(detail, { withMac: true }) })
      : null,
    tt('ticket.raised', { date: formatDate(detail.raisedAt) }),
    tt('ticket.lastSeen', { date: formatDate(detail.lastSeenAt) }),
    detail.clearedAt ? tt('ticket.cleared', { date: formatDate(detail.clearedAt) }) : null,
    tt('ticket.occurrences', { count: detail.occurrences }),
    measured ? tt('ticket.measured', { details: measured }) : null,
  ].filter((line): line is string => Boolean(line));
  let comment = lines.join('\n');
  const dependents = sortAlerts(detail.dependentAlerts);
  if (dependents.length === 0) return clip(comment, TICKET_COMMENT_MAX);

  comment += `\n\n${tt('ticket.dependents', { count: dependents.length })}`;
  for (const [index, dependent] of dependents.entries()) {
    const line = `\n${dependentLine(dependent, t, lang)}`;
    const left = dependents.length - index - 1;
    // Room for this line and, when more follow, for the line that counts those.
    const reserve = left > 0 ? `\n${tt('ticket.more', { count: left })}`.length : 0;
    if (comment.length + line.length + reserve > TICKET_COMMENT_MAX) {
      return clip(`${comment}\n${tt('ticket.more', { count: left + 1 })}`, TICKET_COMMENT_MAX);
    }
    comment += line;
  }
  return comment;
}

/** What "Open a ticket" starts with for an alert; null when no device can carry the ticket. */
export function alertTicketPrefill(
  detail: AlertDetail,
  t: TFunction,
  lang: string,
): AlertTicketPrefill | null {
  const device = ticketDevice(detail);
  if (!device) return null;
  return {
    alertId: detail.id,
    device,
    subject: alertTicketSubject(detail, t, lang),
    comment: alertTicketComment(detail, t, lang),
  };
}
