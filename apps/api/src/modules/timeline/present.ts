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

const at = (value: Date | string) => iso(value) ?? '';

export const periodOf = (r: PeriodRow): StatusPeriod => ({
  deviceId: r.device_id,
  status: r.status as DeviceStatus,
  start: Number(r.started),
  end: r.ended === null ? null : Number(r.ended),
});

export const presentAlert = (r: AlertRow): TimelineEvent => ({
  type: 'alert',
  id: r.id,
  at: at(r.raised_at),
  clearedAt: iso(r.cleared_at),
  code: r.code as AlertCode,
  severity: r.severity as AlertSeverity,
  device: r.device_id ? { id: r.device_id, name: r.device_name ?? '' } : null,
});

export const presentJob = (r: JobRow): TimelineEvent => ({
  type: 'diagnostic',
  id: r.id,
  at: at(r.created_at),
  finishedAt: iso(r.finished_at),
  action: r.action as JobAction,
  state: r.state as JobState,
  device: { id: r.device_id, name: r.device_name },
});

export const presentTicket = (r: TicketRow): TimelineEvent => ({
  type: 'ticket',
  id: r.id,
  at: at(r.created_at),
  number: r.number,
  subject: r.subject,
  status: r.status as TicketStatus,
  device: { id: r.device_id, name: r.device_name },
});

export const presentSupportAct = (r: SupportRow): TimelineEvent => ({
  type: 'support',
  id: r.id,
  at: at(r.at),
  action: r.action,
  support: { id: r.support_id, name: r.support_name ?? '' },
  person: r.person_id ? { id: r.person_id, name: r.person_name ?? '' } : null,
});

export const presentConfig = (r: ConfigRow): TimelineEvent => ({
  type: 'config',
  id: r.id,
  at: at(r.at),
  versionName: r.version_name,
  internalChange: r.internal_change,
  device: { id: r.device_id, name: r.device_name },
});
