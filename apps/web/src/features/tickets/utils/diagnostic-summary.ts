import type { Job } from '@vnoc/contracts';
import { formatBitRate, formatDate } from '../../../lib/format.ts';
import type { Phrase, TicketsKey } from './tickets-text.ts';

/** One figure of a result: what it is and its value. */
export interface SummaryRow {
  label: Phrase;
  value: Phrase;
}

/** A job's result in a few readable figures; `note` says why there are no result figures. */
export interface DiagnosticSummary {
  note: Phrase | null;
  rows: SummaryRow[];
}

/** Names listed in one cell before the rest are counted ("a, b, c and 2 more"). */
export const MAX_LISTED = 5;

const k = (key: TicketsKey, values?: Record<string, string | number>): Phrase =>
  values ? { key, values } : { key };
const row = (label: TicketsKey, value: Phrase): SummaryRow => ({ label: k(label), value });

/** A measurement to at most `digits` decimals, without trailing zeros: 12.34 → "12.3", 12 → "12". */
export function figure(value: number, digits = 1): string {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return String(rounded === 0 ? 0 : rounded);
}

const ms = (value: number): Phrase => k('summary.ms', { value: figure(value) });
const percent = (value: number): Phrase => k('summary.percent', { value: figure(value) });

/** Seconds as days and hours, hours and minutes, or minutes. */
export function uptimePhrase(seconds: number): Phrase {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return k('summary.days', { days, hours });
  if (hours > 0) return k('summary.hours', { hours, minutes });
  return k('summary.minutes', { minutes });
}

/** Up to MAX_LISTED items joined with commas, the rest counted; none → "None". */
export function listPhrase(items: readonly (string | number)[]): Phrase {
  if (items.length === 0) return k('summary.none');
  const shown = items.slice(0, MAX_LISTED).join(', ');
  return items.length > MAX_LISTED
    ? k('summary.andMore', { list: shown, count: items.length - MAX_LISTED })
    : shown;
}

const linkPhrase = (link: 'primary' | 'backup') =>
  k(link === 'primary' ? 'summary.linkPrimary' : 'summary.linkBackup');

const sortedPorts = (ports: readonly number[]) => [...ports].sort((a, b) => a - b);

/** A host as "name (ip)", or whichever of the two it has. */
function hostName(host: string | null, ip: string | null): string | null {
  if (host && ip && host !== ip) return `${host} (${ip})`;
  return host ?? ip;
}

function mean(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? known.reduce((sum, v) => sum + v, 0) / known.length : null;
}

/** The inputs worth showing when a run has no result (a failed speed test still says which VLAN). */
function paramRows(job: Job): SummaryRow[] {
  switch (job.action) {
    case 'speedtest':
      return [row('summary.vlan', String(job.params.vlan))];
    case 'traceroute':
      return [row('summary.target', job.params.ip), row('summary.vlan', String(job.params.vlan))];
    case 'disableLanPorts':
      return [row('summary.portsRequested', listPhrase(sortedPorts(job.params.ports)))];
    default:
      return [];
  }
}

/** The key figures of a succeeded run's result, or null when it carries none. */
function resultRows(job: Job): SummaryRow[] | null {
  if (job.result === null) return null;
  switch (job.action) {
    case 'speedtest': {
      const r = job.result;
      return [
        row('summary.download', formatBitRate(r.downloadKbps)),
        row('summary.upload', formatBitRate(r.uploadKbps)),
        row('summary.latency', ms(r.latencyMs)),
        row('summary.link', linkPhrase(r.link)),
        row('summary.vlan', String(r.vlan)),
      ];
    }
    case 'wantest': {
      const r = job.result;
      return [
        row('summary.link', linkPhrase(r.link)),
        ...r.targets.map((target) => ({
          label: k('summary.wanTarget', { name: target.name, target: target.target }),
          value: k('summary.wanFigures', {
            avg: figure(target.avg),
            jitter: figure(target.jitter),
            loss: figure(target.loss),
          }),
        })),
      ];
    }
    case 'lanpingtest': {
      const r = job.result;
      const replied = r.hosts.filter((h) => h.received > 0);
      const silent = r.hosts.filter((h) => h.received === 0);
      const average = mean(replied.map((h) => h.avgMs));
      return [
        row(
          'summary.hostsReplied',
          k('summary.hostsRepliedValue', { replied: replied.length, total: r.hosts.length }),
        ),
        ...(silent.length > 0
          ? [row('summary.noReplyFrom', listPhrase(silent.map((h) => hostName(h.host, h.ip) ?? '')))]
          : []),
        ...(average !== null ? [row('summary.averageReply', ms(average))] : []),
      ];
    }
    case 'systemTest': {
      const r = job.result;
      return [
        row('summary.cpu', percent(r.cpuPercent)),
        row('summary.memory', percent(r.memoryPercent)),
        row('summary.temperature', k('summary.celsius', { value: figure(r.temperatureC) })),
        row('summary.sessions', String(r.sessions)),
        row('summary.uptime', uptimePhrase(r.uptimeSeconds)),
      ];
    }
    case 'traceroute': {
      const r = job.result;
      const last = r.hops.at(-1);
      const rows = [
        row('summary.target', r.target),
        row('summary.vlan', String(r.vlan)),
        row('summary.hops', String(r.hops.length)),
      ];
      if (!last) return rows;
      const lastTime = mean(last.ms);
      return [
        ...rows,
        row('summary.lastHop', hostName(last.host, last.ip) ?? k('summary.noAnswer')),
        row('summary.lastHopTime', lastTime === null ? '*' : ms(lastTime)),
      ];
    }
    case 'reboot': {
      const r = job.result;
      return [
        row('summary.rebootedAt', formatDate(r.rebootedAt)),
        row('summary.expectedBackAt', formatDate(r.expectedBackAt)),
      ];
    }
    case 'disableLanPorts':
    case 'revertLanPorts':
    case 'confirmLanPorts': {
      const r = job.result;
      const disabled = sortedPorts(r.ports.filter((p) => !p.enabled).map((p) => p.systemNumber));
      return [...paramRows(job), row('summary.portsDisabled', listPhrase(disabled))];
    }
  }
}

/** A job's outcome as a few key figures (never raw JSON): its result, or why there is none. */
export function summarizeJob(job: Job): DiagnosticSummary {
  if (job.state === 'succeeded') {
    const rows = resultRows(job);
    return rows ? { note: null, rows } : { note: k('summary.noResult'), rows: paramRows(job) };
  }
  const note: Phrase =
    job.state === 'failed'
      ? (job.error ?? k('summary.noResult'))
      : job.state === 'cancelled'
        ? k('summary.cancelledText')
        : k('summary.unfinishedText');
  return { note, rows: paramRows(job) };
}
