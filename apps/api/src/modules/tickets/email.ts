import {
  type Actor,
  ALERT_CODE_INFO,
  actorName,
  type Job,
  type JobAction,
  jobVerdict,
  type Ticket,
  VERDICT_TEXT,
  type VerdictUnit,
  verdictReasonText,
} from '@vnoc/contracts';
import type { ConsoleLinks } from '../../delivery/console-links.ts';

/** Action names as support reads them. */
export const ACTION_NAMES: Record<JobAction, string> = {
  reboot: 'Reboot',
  wantest: 'WAN latency test',
  lanpingtest: 'LAN ping test',
  systemTest: 'System performance test',
  speedtest: 'Speed test',
  traceroute: 'Traceroute',
  disableLanPorts: 'Disable LAN ports',
  revertLanPorts: 'Revert LAN ports',
  confirmLanPorts: 'Keep LAN ports off',
};

const mbps = (kbps: number) => `${(kbps / 1000).toFixed(1)} Mbps`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—');

type SucceededJob = {
  [A in Job['action']]: Extract<Job, { action: A }> & {
    result: NonNullable<Extract<Job, { action: A }>['result']>;
  };
}[Job['action']];

/** One line on what a finished run found (or why it failed), for the support email. */
export function describeJob(job: Job): string {
  if (job.state !== 'succeeded' || !job.result) return `failed: ${job.error ?? job.state}`;
  const done = { ...job, result: job.result } as SucceededJob;
  switch (done.action) {
    case 'reboot':
      return `rebooted at ${when(done.result.rebootedAt)}, expected back at ${when(done.result.expectedBackAt)}`;
    case 'wantest':
      return `over the ${done.result.link} link: ${done.result.targets
        .map((t) => `${t.name} (${t.target}) avg ${ms(t.avg)}, jitter ${ms(t.jitter)}, loss ${t.loss}%`)
        .join('; ')}`;
    case 'lanpingtest': {
      const hosts = done.result.hosts;
      const replied = hosts.filter((h) => h.received > 0).length;
      const silent = hosts.filter((h) => h.received === 0).map((h) => `${h.host} (${h.ip})`);
      return `${replied}/${hosts.length} hosts replied${silent.length ? `; no reply from ${silent.join(', ')}` : ''}`;
    }
    case 'systemTest':
      return `CPU ${done.result.cpuPercent}%, memory ${done.result.memoryPercent}%, ${done.result.sessions} sessions, ${done.result.temperatureC} °C, up ${Math.floor(done.result.uptimeSeconds / 3600)} h`;
    case 'speedtest':
      return `VLAN ${done.result.vlan} over the ${done.result.link} link: down ${mbps(done.result.downloadKbps)}, up ${mbps(done.result.uploadKbps)}, latency ${ms(done.result.latencyMs)}`;
    case 'traceroute': {
      const last = done.result.hops[done.result.hops.length - 1];
      return `to ${done.result.target} on VLAN ${done.result.vlan}: ${done.result.hops.length} hops, last ${last?.ip ?? '*'}`;
    }
    case 'disableLanPorts':
    case 'revertLanPorts':
    case 'confirmLanPorts': {
      const off = done.result.ports.filter((p) => !p.enabled).map((p) => p.systemNumber);
      return off.length ? `ports disabled: ${off.join(', ')}` : 'every LAN port enabled';
    }
  }
}

const FIGURE: Record<VerdictUnit, (n: number) => string> = {
  percent: (n) => `${n}%`,
  ms,
  kbps: mbps,
  celsius: (n) => `${n} °C`,
};

/**
 * A test's verdict and its reasons, for the support email: "Failing — printer (10.0.10.20) did not reply."
 * Empty for what is not judged (a reboot, a port action, a run that failed: its line says why).
 */
export function verdictLine(job: Job): string {
  const judged = job.state === 'succeeded' ? jobVerdict(job) : null;
  if (!judged) return '';
  const reasons = judged.reasons.map((r) => verdictReasonText(r, 'en', (n, unit) => FIGURE[unit](n)));
  return [VERDICT_TEXT[judged.verdict].en, ...reasons].join(' — ');
}

/** The alert a ticket was sent from, with a link to it and its notes then (issue 37); none for a device's. */
function alertLines(ticket: Ticket, links: ConsoleLinks): string[] {
  const alert = ticket.alert;
  if (!alert) return [];
  return [
    `Alert: ${ALERT_CODE_INFO[alert.code].name.en} (${alert.severity}) — ${links.alert(alert.id, alert.status)}`,
    'Notes on the alert:',
    ...(ticket.alertNotes.length === 0
      ? ['(none)']
      : ticket.alertNotes.map((n) => `- ${actorName(n.author)}, ${when(n.createdAt)}: ${n.text}`)),
    '',
  ];
}

/** The email to the provider's support address. */
export function ticketEmail(
  ticket: Ticket,
  organization: string,
  sender: string,
  links: ConsoleLinks,
): { subject: string; body: string } {
  const d = ticket.device;
  const lines = [
    `Support ticket #${ticket.number} from ${organization}`,
    `Open the ticket in vNOC: ${links.ticket(ticket.id)}`,
    '',
    `Subject: ${ticket.subject}`,
    `Sent by: ${actorName(ticket.createdBy)} <${sender}> at ${when(ticket.createdAt)}`,
    '',
    `Device: ${d.name ? `${d.name} — ` : ''}${d.manufacturer} ${d.model} (${d.kind}), MAC ${d.macAddress}, status ${d.status}`,
    `Device page: ${links.device(ticket.site.id, d.id)}`,
    `Site: ${ticket.site.name} — ${ticket.site.address}`,
    '',
    'Comment:',
    ticket.comment,
    '',
    ...alertLines(ticket, links),
    'Latest diagnostics:',
    ...(ticket.diagnostics.length === 0
      ? ['(none run on this device)']
      : ticket.diagnostics.map((j) => {
          const verdict = verdictLine(j);
          const line = `- ${ACTION_NAMES[j.action]}, ${when(j.finishedAt)} by ${j.requestedBy.name}: ${describeJob(j)}`;
          return verdict ? `${line}\n  Verdict: ${verdict}` : line;
        })),
  ];
  return { subject: `[vNOC #${ticket.number}] ${ticket.subject}`, body: lines.join('\n') };
}

/** What a reply's email says of the reply: the ticket, who wrote and when, and the text. */
type ReplyNotice = {
  ticket: Pick<Ticket, 'id' | 'number' | 'subject'>;
  author: Actor;
  body: string;
  at: string;
};

/** A customer's reply, to the provider's support address (issue 37), with the link to it in the support console. */
export function customerReplyEmail(
  { ticket, author, body, at }: ReplyNotice,
  organization: string,
  sender: string,
  links: ConsoleLinks,
): { subject: string; body: string } {
  const lines = [
    `Reply on support ticket #${ticket.number} from ${organization}`,
    `Open the ticket in the support console: ${links.supportTicket(ticket.id)}`,
    '',
    `Subject: ${ticket.subject}`,
    `From: ${actorName(author)} <${sender}> at ${when(at)}`,
    '',
    body,
  ];
  return { subject: `[vNOC #${ticket.number}] Re: ${ticket.subject}`, body: lines.join('\n') };
}

/** Support's reply, to the ticket's people in their language (issue 37), with the link to the ticket. */
export function supportReplyEmail(
  { ticket, author, body, at }: ReplyNotice,
  language: 'en' | 'es',
  links: ConsoleLinks,
): { subject: string; body: string } {
  // Support's own name from the console; "Sam Support (vNOC support) for Uriel Operator" in a support session.
  const who = author.support
    ? actorName(author, language)
    : `${author.name} (${language === 'es' ? 'soporte de vNOC' : 'vNOC support'})`;
  const link = links.ticket(ticket.id);
  const time = when(at);
  return language === 'es'
    ? {
        subject: `[vNOC #${ticket.number}] Soporte ha respondido: ${ticket.subject}`,
        body: [
          `El equipo de soporte ha respondido a su ticket #${ticket.number}, «${ticket.subject}».`,
          '',
          `${who}, ${time}:`,
          body,
          '',
          `Abra el ticket para leer la conversación y responder: ${link}`,
        ].join('\n'),
      }
    : {
        subject: `[vNOC #${ticket.number}] Support replied: ${ticket.subject}`,
        body: [
          `The support team replied to your ticket #${ticket.number}, "${ticket.subject}".`,
          '',
          `${who}, ${time}:`,
          body,
          '',
          `Open the ticket to read the conversation and reply: ${link}`,
        ].join('\n'),
      };
}
