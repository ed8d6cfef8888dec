import type {
  AlertCode,
  AlertSeverity,
  DeviceStatus,
  JobAction,
  JobState,
  TicketStatus,
  TimelineEvent,
} from '@vnoc/contracts';
import { iso } from '../../http/iso.ts';
import type { StatusPeriod } from './intervals.ts';
import type { AlertRow, ConfigRow, JobRow, PeriodRow, SupportRow, TicketRow } from './repository.ts';

/** What every event has: its type, its id and when it happened. */
const event = <T extends TimelineEvent['type']>(type: T, id: string, when: Date | string) => ({
  type,
  id,
  at: iso(when) ?? '',
});

/** Someone or something named, by id; null without one (an incident over several sites, a gone person). */
const named = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

/** The device an event is about, which its row always has. */
const deviceOf = (r: { device_id: string; device_name: string }) => ({
  id: r.device_id,
  name: r.device_name,
});

export const periodOf = (r: PeriodRow): StatusPeriod => ({
  deviceId: r.device_id,
  status: r.status as DeviceStatus,
  start: Number(r.started),
  end: r.ended === null ? null : Number(r.ended),
});

export const presentAlert = (r: AlertRow): TimelineEvent => ({
  ...event('alert', r.id, r.raised_at),
  clearedAt: iso(r.cleared_at),
  code: r.code as AlertCode,
  severity: r.severity as AlertSeverity,
  device: named(r.device_id, r.device_name),
});

export const presentJob = (r: JobRow): TimelineEvent => ({
  ...event('diagnostic', r.id, r.created_at),
  finishedAt: iso(r.finished_at),
  action: r.action as JobAction,
  state: r.state as JobState,
  device: deviceOf(r),
});

export const presentTicket = (r: TicketRow): TimelineEvent => ({
  ...event('ticket', r.id, r.created_at),
  number: r.number,
  subject: r.subject,
  status: r.status as TicketStatus,
  device: deviceOf(r),
});

export const presentSupportAct = (r: SupportRow): TimelineEvent => ({
  ...event('support', r.id, r.at),
  action: r.action,
  support: { id: r.support_id, name: r.support_name ?? '' },
  person: named(r.person_id, r.person_name),
});

export const presentConfig = (r: ConfigRow): TimelineEvent => ({
  ...event('config', r.id, r.at),
  versionName: r.version_name,
  internalChange: r.internal_change,
  device: deviceOf(r),
});
