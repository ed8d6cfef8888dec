/**
 * vNOC's generic webhook message for each event (the `generic` preset's body, and what the other presets are made
 * from): a summary line, the severity, what it is about, the console's page and the facts, in English.
 */
import { ALERT_CODE_INFO, type AlertCode, alertTitle, type WebhookEvent } from '@vnoc/contracts';
import type { ConsoleLinks } from '../../delivery/console-links.ts';
import { iso } from '../../http/iso.ts';
import type { EventMessage, WebhookMessage } from './presets.ts';
import type { AlertFacts, DeviceFacts, TicketFacts } from './repository.ts';

/** One message: its event, its moment and what it says. */
const message = <T extends WebhookMessage['type']>(
  type: T,
  at: Date | string,
  data: WebhookMessage['data'],
): WebhookMessage & { type: T } => ({
  type,
  timestamp: new Date(at).toISOString(),
  data,
});

/** Only the facts that are known. */
const known = (facts: Record<string, string | undefined | null>): Record<string, string> =>
  Object.fromEntries(Object.entries(facts).filter((e): e is [string, string] => typeof e[1] === 'string'));

const ALERT_VERBS: Partial<Record<WebhookEvent, string>> = {
  'alert.raised': 'Alert raised',
  'alert.acknowledged': 'Alert acknowledged',
  'alert.cleared': 'Alert cleared',
  'incident.opened': 'Incident opened',
  'incident.resolved': 'Incident resolved',
};

export function alertMessage(
  event: WebhookEvent,
  alert: AlertFacts,
  links: ConsoleLinks,
  at: Date,
): EventMessage {
  const code = alert.code as AlertCode;
  const title = ALERT_CODE_INFO[code] ? alertTitle(code, alert.details, 'en') : alert.code;
  const where = alert.device_name ?? alert.site_name ?? alert.region;
  return message(event, at, {
    summary: `${ALERT_VERBS[event] ?? 'Alert'}: ${title}${where ? ` — ${where}` : ''}`,
    severity: alert.severity,
    subject: { kind: 'alert', id: alert.id },
    url: links.alert(alert.id, alert.state === 'cleared' ? 'cleared' : 'active'),
    facts: known({
      Alert: title,
      Code: alert.code,
      Severity: alert.severity,
      Site: alert.site_name,
      Device: alert.device_name,
      Region: alert.device_id ? undefined : alert.region,
      Raised: iso(alert.raised_at),
      Acknowledged: iso(alert.acknowledged_at),
      Cleared: iso(alert.cleared_at),
    }),
  });
}

export function deviceStatusMessage(
  device: DeviceFacts,
  change: { from: string; to: string; at: string },
  links: ConsoleLinks,
): EventMessage {
  return message('device.status', change.at, {
    summary: `${device.name} is ${change.to} (was ${change.from}) — ${device.site_name}`,
    severity: change.to === 'offline' ? 'major' : 'info',
    subject: { kind: 'device', id: device.id },
    url: links.device(device.site_id, device.id),
    facts: { Device: device.name, Site: device.site_name, Status: change.to, Previous: change.from },
  });
}

export function diagnosticMessage(
  device: DeviceFacts,
  job: { jobId: string; action: string; state: string; at: string },
  links: ConsoleLinks,
): EventMessage {
  return message('diagnostic.finished', job.at, {
    summary: `${job.action} on ${device.name} ${job.state} — ${device.site_name}`,
    severity: job.state === 'failed' ? 'minor' : 'info',
    subject: { kind: 'job', id: job.jobId },
    url: links.device(device.site_id, device.id),
    facts: { Diagnostic: job.action, Result: job.state, Device: device.name, Site: device.site_name },
  });
}

export function ticketMessage(
  ticket: TicketFacts,
  change: { status: 'open' | 'closed'; at: string },
  links: ConsoleLinks,
): EventMessage {
  const verb = change.status === 'closed' ? 'closed' : 'open';
  return message('ticket.updated', change.at, {
    summary: `Ticket #${ticket.number} ${verb}: ${ticket.subject} — ${ticket.site_name}`,
    severity: 'info',
    subject: { kind: 'ticket', id: ticket.id },
    url: links.ticket(ticket.id),
    facts: {
      Ticket: `#${ticket.number}`,
      Subject: ticket.subject,
      Status: change.status,
      Device: ticket.device_name,
      Site: ticket.site_name,
    },
  });
}

/** What "Send test" sends: a message of the preset's own format that says it is a test. */
export function testMessage(destinationName: string, at: Date, consoleUrl: string): WebhookMessage {
  return message('test', at, {
    summary: `Test message from vNOC to ${destinationName}`,
    severity: 'info',
    subject: { kind: 'test', id: `test-${at.getTime()}` },
    url: consoleUrl,
    facts: { Destination: destinationName, Sent: at.toISOString() },
  });
}
