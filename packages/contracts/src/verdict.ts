import { ALERT_THRESHOLDS } from './alert-constants.ts';
import type { Job } from './diagnostics.ts';

/**
 * The verdict on a troubleshooting test (issue 13 point 2): what "the test ran" means for the network.
 * Shared by the console (result, run history, batch results, tickets) and the ticket email, so that every
 * place says the same thing for the same figures.
 */
export const VERDICTS = ['healthy', 'degraded', 'failing'] as const;
export type Verdict = (typeof VERDICTS)[number];

/**
 * The limits a test is judged by: over `degraded` is Degraded, at or over `failing` is Failing (for the
 * speeds, under them). The WAN limits start where the alert engine's do (ALERT_THRESHOLDS), so a test and
 * an alert agree on what is high.
 */
export const VERDICT_THRESHOLDS = {
  /**
   * % of probes lost, per WAN target, over the test's window of probes (issue 37 point 13): over `degraded` is
   * Degraded; Failing takes at least `failing` % of the window AND at least `failingProbes` probes lost, so one
   * probe lost in ten (a busy router dropping ICMP) reads Degraded, not Failing. A LAN host that replies at all
   * is at most Degraded. docs/decisions/fleet.md, "Failing and Failed".
   */
  lossPercent: { degraded: ALERT_THRESHOLDS.lossPercent, failing: 25, failingProbes: 3 },
  /** Average round trip to a WAN target, ms. */
  wanLatencyMs: { degraded: ALERT_THRESHOLDS.latencyMs, failing: 300 },
  /** WAN jitter, ms. */
  jitterMs: { degraded: ALERT_THRESHOLDS.jitterMs, failing: 100 },
  /** Average round trip to a host on the LAN, ms. */
  lanLatencyMs: { degraded: 20, failing: 100 },
  cpuPercent: { degraded: 80, failing: 95 },
  memoryPercent: { degraded: 85, failing: 95 },
  temperatureC: { degraded: 70, failing: 85 },
  /** Speed test throughput, kbps: under `degraded` is Degraded, under `failing` is Failing. */
  downloadKbps: { degraded: 10_000, failing: 2_000 },
  uploadKbps: { degraded: 2_000, failing: 500 },
  /** Latency under load in a speed test, ms. */
  loadedLatencyMs: { degraded: ALERT_THRESHOLDS.latencyMs, failing: 300 },
} as const;

export type VerdictUnit = 'percent' | 'ms' | 'kbps' | 'celsius';

export const VERDICT_REASON_CODES = [
  'jobFailed',
  'onBackup',
  'wanNoTargets',
  'wanLoss',
  'wanLatency',
  'wanJitter',
  'hostSilent',
  'hostLoss',
  'hostLatency',
  'cpu',
  'memory',
  'temperature',
  'download',
  'upload',
  'loadedLatency',
  'traceSilent',
] as const;
export type VerdictReasonCode = (typeof VERDICT_REASON_CODES)[number];

/** One finding: its level, what it is about, and the figure against the limit it crossed. */
export type VerdictReason = {
  code: VerdictReasonCode;
  level: Exclude<Verdict, 'healthy'>;
  /** The WAN target, LAN host or traceroute target it is about. */
  subject?: string;
  value?: number;
  limit?: number;
  unit?: VerdictUnit;
  /** A failed job's own reason. */
  error?: string;
};

export type JobVerdict = { verdict: Verdict; reasons: VerdictReason[] };

const RANK: Record<Verdict, number> = { failing: 0, degraded: 1, healthy: 2 };

/** Problems first: Failing, then Degraded, then Healthy, then what has no verdict (null). */
export function verdictRank(verdict: Verdict | null): number {
  return verdict === null ? 3 : RANK[verdict];
}

type Limit = { degraded: number; failing: number };

/** A figure judged against a limit where more is worse. */
function over(
  reasons: VerdictReason[],
  code: VerdictReasonCode,
  value: number,
  limit: Limit,
  unit: VerdictUnit,
  subject?: string,
) {
  if (value >= limit.failing)
    reasons.push({ code, level: 'failing', subject, value, limit: limit.failing, unit });
  else if (value > limit.degraded)
    reasons.push({ code, level: 'degraded', subject, value, limit: limit.degraded, unit });
}

/** A figure judged against a limit where less is worse. */
function under(
  reasons: VerdictReason[],
  code: VerdictReasonCode,
  value: number,
  limit: Limit,
  unit: VerdictUnit,
) {
  if (value < limit.failing) reasons.push({ code, level: 'failing', value, limit: limit.failing, unit });
  else if (value < limit.degraded)
    reasons.push({ code, level: 'degraded', value, limit: limit.degraded, unit });
}

/** A WAN target's loss over its window of `sent` probes: Failing needs a share and a count (VERDICT_THRESHOLDS). */
function wanLoss(reasons: VerdictReason[], loss: number, sent: number, subject: string) {
  const limit = VERDICT_THRESHOLDS.lossPercent;
  const lost = Math.round((loss / 100) * sent);
  if (loss >= limit.failing && lost >= limit.failingProbes)
    reasons.push({
      code: 'wanLoss',
      level: 'failing',
      subject,
      value: loss,
      limit: limit.failing,
      unit: 'percent',
    });
  else if (loss > limit.degraded)
    reasons.push({
      code: 'wanLoss',
      level: 'degraded',
      subject,
      value: loss,
      limit: limit.degraded,
      unit: 'percent',
    });
}

const onBackup: VerdictReason = { code: 'onBackup', level: 'degraded' };

function reasonsOf(job: Job): VerdictReason[] | null {
  const T = VERDICT_THRESHOLDS;
  const reasons: VerdictReason[] = [];
  if (job.result === null) return null;
  switch (job.action) {
    case 'wantest': {
      const { link, targets } = job.result;
      if (targets.length === 0) return [{ code: 'wanNoTargets', level: 'failing' }];
      if (link === 'backup') reasons.push(onBackup);
      for (const target of targets) {
        const subject = target.name || target.target;
        wanLoss(reasons, target.loss, target.sent, subject);
        if (target.loss < 100) {
          over(reasons, 'wanLatency', target.avg, T.wanLatencyMs, 'ms', subject);
          over(reasons, 'wanJitter', target.jitter, T.jitterMs, 'ms', subject);
        }
      }
      return reasons;
    }
    case 'lanpingtest': {
      for (const host of job.result.hosts) {
        const subject = host.host && host.host !== host.ip ? `${host.host} (${host.ip})` : host.ip;
        if (host.received === 0 || host.avgMs === null) {
          reasons.push({ code: 'hostSilent', level: 'failing', subject });
          continue;
        }
        // A host that answers is reachable: with a handful of pings one lost is 20 %, so partial loss is at
        // most Degraded; only silence fails the test.
        const loss = Math.round(((host.sent - host.received) / host.sent) * 1000) / 10;
        if (loss > T.lossPercent.degraded)
          reasons.push({
            code: 'hostLoss',
            level: 'degraded',
            subject,
            value: loss,
            limit: T.lossPercent.degraded,
            unit: 'percent',
          });
        over(reasons, 'hostLatency', host.avgMs, T.lanLatencyMs, 'ms', subject);
      }
      return reasons;
    }
    case 'systemTest': {
      over(reasons, 'cpu', job.result.cpuPercent, T.cpuPercent, 'percent');
      over(reasons, 'memory', job.result.memoryPercent, T.memoryPercent, 'percent');
      over(reasons, 'temperature', job.result.temperatureC, T.temperatureC, 'celsius');
      return reasons;
    }
    case 'speedtest': {
      if (job.result.link === 'backup') reasons.push(onBackup);
      under(reasons, 'download', job.result.downloadKbps, T.downloadKbps, 'kbps');
      under(reasons, 'upload', job.result.uploadKbps, T.uploadKbps, 'kbps');
      over(reasons, 'loadedLatency', job.result.latencyMs, T.loadedLatencyMs, 'ms');
      return reasons;
    }
    case 'traceroute': {
      const last = job.result.hops.at(-1);
      if (!last || last.ip === null)
        reasons.push({ code: 'traceSilent', level: 'failing', subject: job.result.target });
      return reasons;
    }
    default:
      // Reboots and port actions change the device; they do not measure the network.
      return null;
  }
}

/**
 * The verdict on a finished test, with its reasons (problems first); null for what is not judged: a job not
 * over yet, a cancelled one, and the actions that are not tests (reboot, port actions). A test that failed
 * to run is Failing with its error.
 */
export function jobVerdict(job: Job): JobVerdict | null {
  if (job.state === 'failed') {
    if (job.action === 'reboot' || job.action === 'disableLanPorts' || job.action === 'revertLanPorts')
      return null;
    return {
      verdict: 'failing',
      reasons: [{ code: 'jobFailed', level: 'failing', error: job.error ?? undefined }],
    };
  }
  if (job.state !== 'succeeded') return null;
  const reasons = reasonsOf(job);
  if (reasons === null) return null;
  reasons.sort((a, b) => RANK[a.level] - RANK[b.level]);
  const verdict: Verdict = reasons[0]?.level ?? 'healthy';
  return { verdict, reasons };
}

/** Each reason's sentence in both languages; {subject}, {value}, {limit} and {error} are filled in. */
export const VERDICT_REASON_TEXT: Record<VerdictReasonCode, { en: string; es: string }> = {
  jobFailed: { en: 'The test did not run: {error}', es: 'La prueba no se ejecutó: {error}' },
  onBackup: { en: 'Ran over the LTE backup link.', es: 'Se ejecutó por el enlace LTE de respaldo.' },
  wanNoTargets: { en: 'No target was measured.', es: 'No se midió ningún destino.' },
  wanLoss: {
    en: '{subject}: {value} of probes lost (limit {limit}).',
    es: '{subject}: {value} de sondeos perdidos (límite {limit}).',
  },
  wanLatency: {
    en: '{subject}: {value} average latency (limit {limit}).',
    es: '{subject}: latencia media de {value} (límite {limit}).',
  },
  wanJitter: {
    en: '{subject}: {value} jitter (limit {limit}).',
    es: '{subject}: jitter de {value} (límite {limit}).',
  },
  hostSilent: { en: '{subject} did not reply.', es: '{subject} no respondió.' },
  hostLoss: {
    en: '{subject}: {value} of pings lost (limit {limit}).',
    es: '{subject}: {value} de pings perdidos (límite {limit}).',
  },
  hostLatency: {
    en: '{subject}: {value} average reply (limit {limit}).',
    es: '{subject}: respuesta media de {value} (límite {limit}).',
  },
  cpu: { en: 'CPU at {value} (limit {limit}).', es: 'CPU al {value} (límite {limit}).' },
  memory: { en: 'Memory at {value} (limit {limit}).', es: 'Memoria al {value} (límite {limit}).' },
  temperature: { en: 'Temperature {value} (limit {limit}).', es: 'Temperatura de {value} (límite {limit}).' },
  download: { en: 'Download {value}, under {limit}.', es: 'Descarga de {value}, por debajo de {limit}.' },
  upload: { en: 'Upload {value}, under {limit}.', es: 'Subida de {value}, por debajo de {limit}.' },
  loadedLatency: {
    en: 'Latency under load {value} (limit {limit}).',
    es: 'Latencia bajo carga de {value} (límite {limit}).',
  },
  traceSilent: {
    en: '{subject} did not answer at the last hop.',
    es: '{subject} no respondió en el último salto.',
  },
};

export const VERDICT_TEXT: Record<Verdict, { en: string; es: string }> = {
  healthy: { en: 'Healthy', es: 'Saludable' },
  degraded: { en: 'Degraded', es: 'Degradado' },
  failing: { en: 'Failing', es: 'Con fallos' },
};

/** A reason as a sentence in `language`, its figures written by `figure` (units and number format). */
export function verdictReasonText(
  reason: VerdictReason,
  language: 'en' | 'es',
  figure: (value: number, unit: VerdictUnit) => string,
): string {
  const unit = reason.unit ?? 'ms';
  const fields: Record<string, string> = {
    subject: reason.subject ?? '',
    value: reason.value === undefined ? '' : figure(reason.value, unit),
    limit: reason.limit === undefined ? '' : figure(reason.limit, unit),
    error: reason.error ?? '',
  };
  return VERDICT_REASON_TEXT[reason.code][language].replace(
    /\{(\w+)\}/g,
    (_, key: string) => fields[key] ?? '',
  );
}
