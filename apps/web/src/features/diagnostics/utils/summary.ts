import type { Job } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { formatBitRate, formatDate } from '../../../lib/format.ts';
import { formatMs, formatPercent } from './format.ts';

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * One line saying how a job went, for the batch table: its state while unfinished, the error when it
 * failed, else the result's headline ("3/3 hosts replied, avg 1.2 ms"). Keys name their namespace, so any
 * `t` will do.
 */
export function jobSummary(job: Job, t: TFunction): string {
  if (job.state === 'queued') return t('summary.queued', { ns: 'diagnostics' });
  if (job.state === 'running') return t('summary.running', { ns: 'diagnostics' });
  if (job.state === 'cancelled') return t('summary.cancelled', { ns: 'diagnostics' });
  if (job.state === 'failed') return job.error ?? t('summary.failed', { ns: 'diagnostics' });
  if (job.result === null) return t('summary.noResult', { ns: 'diagnostics' });
  switch (job.action) {
    case 'wantest': {
      const { link, targets } = job.result;
      if (targets.length === 0)
        return t('summary.wantestEmpty', {
          ns: 'diagnostics',
          link: t(`link.${link}`, { ns: 'diagnostics' }),
        });
      return t('summary.wantest', {
        ns: 'diagnostics',
        link: t(`link.${link}`, { ns: 'diagnostics' }),
        avg: formatMs(mean(targets.map((x) => x.avg))),
        loss: formatPercent(Math.max(...targets.map((x) => x.loss))),
      });
    }
    case 'lanpingtest': {
      const { hosts } = job.result;
      const replied = hosts.filter((h) => h.received > 0 && h.avgMs !== null);
      if (replied.length === 0)
        return t('summary.lanpingtestNone', { ns: 'diagnostics', replied: 0, total: hosts.length });
      return t('summary.lanpingtest', {
        ns: 'diagnostics',
        replied: replied.length,
        total: hosts.length,
        avg: formatMs(mean(replied.map((h) => h.avgMs as number))),
      });
    }
    case 'systemTest':
      return t('summary.systemTest', {
        ns: 'diagnostics',
        cpu: formatPercent(job.result.cpuPercent),
        memory: formatPercent(job.result.memoryPercent),
        temperature: formatPercent(job.result.temperatureC),
      });
    case 'speedtest':
      return t('summary.speedtest', {
        ns: 'diagnostics',
        download: formatBitRate(job.result.downloadKbps),
        upload: formatBitRate(job.result.uploadKbps),
        latency: formatMs(job.result.latencyMs),
      });
    case 'traceroute': {
      const { hops, target } = job.result;
      return t('summary.traceroute', { ns: 'diagnostics', count: hops.length, target });
    }
    case 'reboot':
      return t('summary.reboot', { ns: 'diagnostics', back: formatDate(job.result.expectedBackAt) });
    case 'disableLanPorts':
    case 'revertLanPorts':
    case 'confirmLanPorts': {
      const off = job.result.ports.filter((p) => !p.enabled).map((p) => p.systemNumber);
      return off.length === 0
        ? t('summary.portsAllOn', { ns: 'diagnostics' })
        : t('summary.portsOff', { ns: 'diagnostics', ports: off.join(', ') });
    }
  }
}

/** The inputs a job ran with, for the history: "VLAN 10 · 8.8.8.8", "Ports 3, 4", or "—" for none. */
export function jobInputsText(job: Job, t: TFunction): string {
  const parts: string[] = [];
  const params = job.params as { vlan?: number; ip?: string; ports?: number[] };
  if (params.vlan !== undefined) parts.push(t('inputs.vlanValue', { ns: 'diagnostics', vlan: params.vlan }));
  if (params.ip !== undefined) parts.push(params.ip);
  if (params.ports !== undefined)
    parts.push(t('inputs.portsValue', { ns: 'diagnostics', ports: params.ports.join(', ') }));
  return parts.length > 0 ? parts.join(' · ') : '—';
}
