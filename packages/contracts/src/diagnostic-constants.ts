import type { BatchSummary } from './diagnostics.ts';

/*
 * Remote troubleshooting's vocabulary without zod (issue 39): the actions, which of them disrupt a site or need
 * port control, the limits of port actions and batches, the jobs' states. The console's screens read these on
 * their first load; the requests', results' and jobs' schemas live in diagnostics.ts.
 */

/** The troubleshooting calls, as named in the paths `device/troubleshooting/{action}/{id}`. */
export const DIAGNOSTIC_ACTIONS = [
  'reboot',
  'wantest',
  'lanpingtest',
  'systemTest',
  'speedtest',
  'traceroute',
  'disableLanPorts',
  'revertLanPorts',
] as const;
export type DiagnosticAction = (typeof DIAGNOSTIC_ACTIONS)[number];

/**
 * What a troubleshooting job may run: the spec's actions, and `confirmLanPorts` — keeping disabled ports off on
 * a real device that would turn them back on by itself (docs/device-protocol.md, section 4). Confirming is no
 * action of the console's list (nor of batches): it follows a port action, on its own route
 * (POST device/troubleshooting/confirmLanPorts/{id}, no body), and shows in the device's run history.
 */
export const JOB_ACTIONS = [...DIAGNOSTIC_ACTIONS, 'confirmLanPorts'] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

/** Refusals of POST device/troubleshooting/confirmLanPorts/{id} (409). */
export const CONFIRM_PORTS_MESSAGES = {
  /** A simulated device never turns ports back on by itself. */
  simulated: 'This device keeps ports off until they are reverted.',
  /** No port action of the device waits for its automatic revert (none ran, it was reverted, or its time passed). */
  nothingPending: 'No ports are waiting to turn back on.',
} as const;

/** Actions that interrupt the site: the console asks for confirmation first. */
export const DISRUPTIVE_ACTIONS: readonly DiagnosticAction[] = ['reboot', 'disableLanPorts'];
/** Actions that need the `port-control` entitlement on top of `diagnostics`. */
export const PORT_ACTIONS: readonly DiagnosticAction[] = ['disableLanPorts', 'revertLanPorts'];

export const MAX_PORTS = 16;
/** The longest automatic revert a port action may ask of a real device (minutes), and the default. */
export const MAX_REVERT_MINUTES = 120;
export const DEFAULT_REVERT_MINUTES = 5;

/** The most devices one batch runs on (issue 13: "select all matching" stops here). */
export const BATCH_MAX_DEVICES = 500;
/** How many of a person's latest batches the console lists to reopen. */
export const RECENT_BATCHES = 10;

export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Whether a job in this state is over (its result or error will not change). */
export function isFinishedJobState(state: JobState): boolean {
  return state === 'succeeded' || state === 'failed' || state === 'cancelled';
}

/** Counts a batch's jobs by state. */
export function summarizeJobs(jobs: readonly { state: JobState }[]): BatchSummary {
  const summary: BatchSummary = {
    total: jobs.length,
    queued: 0,
    running: 0,
    succeeded: 0,
    failed: 0,
    cancelled: 0,
  };
  for (const j of jobs) summary[j.state] += 1;
  return summary;
}

export const HOST_OR_IP_MESSAGE = 'Enter an IPv4 address or a host name.';

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** An IPv4 dotted quad: four numbers 0–255, no leading zeros. */
export function isIPv4(value: string): boolean {
  return IPV4.test(value);
}

/**
 * An RFC 1123 host name: at most 253 characters, dot-separated labels of 1–63 letters, digits and
 * inner hyphens. The last label is not all digits (RFC 3696 §2), so '256.1.1.1' is not a host name.
 */
export function isHostname(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  const labels = value.split('.');
  if (!labels.every((l) => LABEL.test(l))) return false;
  return !/^\d+$/.test(labels[labels.length - 1] as string);
}

/** Spec part 5: what the host or IP field accepts, once trimmed: an IPv4 dotted quad or a host name. */
export function isHostOrIp(value: string): boolean {
  return isIPv4(value) || isHostname(value);
}
