import { JOB_ACTIONS } from './diagnostic-constants.ts';

/**
 * Every action the API writes to the activity log. The API's `audit()` accepts only these, and the console has a
 * sentence for each in English and Spanish (issue 37: the log is written for people).
 */
export const AUDIT_ACTIONS = [
  'login.success',
  'login.failure',
  'login.locked',
  'login.lockout',
  'login.pending',
  'login.deactivated',
  'logout',
  'register',
  'register.refused',
  'register.notice',
  'register.notice_held',
  'register.expired',
  'email.validated',
  'password.change',
  'password.reset_requested',
  'password.reset_verified',
  'mfa.validated',
  'mfa.failure',
  'mfa.enrol',
  'mfa.unenrol',
  'reauth.success',
  'reauth.failure',
  'reauth.locked',
  'sso.success',
  'sso.failure',
  'sso.locked',
  'impersonation.generate',
  'impersonation.exchange',
  'impersonation.refused',
  'impersonation.end',
  'impersonated.request',
  'organization.update',
  'organization.domain_verification_sent',
  'organization.domain_verified',
  'organization.domain_claim_dropped',
  'user.create',
  'user.edit',
  'user.invite',
  'user.invitation_accepted',
  'user.approve',
  'user.reject',
  'user.deactivate',
  'user.reactivate',
  'user.mfa_reset',
  'notificationProfile.update',
  'notification.test',
  'maintenance.create',
  'maintenance.end',
  'alert.acknowledge',
  'alert.assign',
  'alert.note',
  'ticket.create',
  'ticket.status',
  'ticket.reply',
  ...JOB_ACTIONS.map((a) => `device.troubleshooting.${a}` as const),
  'device.troubleshooting.cancel',
  'device.provision',
  'device.secret_rotate',
  'device.secret_revoke',
  'device.import',
  'dev.outage',
  'apiKey.create',
  'apiKey.revoke',
  'apiKey.request',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.secret_rotate',
  'webhook.test',
  'webhook.redeliver',
  'webhook.resume',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry's target is, so the console names it and links to its page. */
export const ACTIVITY_TARGET_KINDS = [
  'person',
  'alert',
  'ticket',
  'device',
  'maintenance',
  'organization',
  'webhook',
] as const;
export type ActivityTargetKind = (typeof ACTIVITY_TARGET_KINDS)[number];

/** The kind of an action's target (its stored `target` is a username, an id, or a name or domain as written). */
export function targetKindOf(action: string): ActivityTargetKind | null {
  if (action.startsWith('alert.')) return 'alert';
  if (action.startsWith('ticket.')) return 'ticket';
  if (action === 'device.import' || action.startsWith('organization.')) return 'organization';
  if (action === 'device.troubleshooting.cancel') return null; // a batch of jobs, not one device
  if (action.startsWith('device.') || action === 'dev.outage') return 'device';
  if (action.startsWith('maintenance.')) return 'maintenance';
  if (action.startsWith('webhook.')) return 'webhook';
  if (action.startsWith('notification')) return null;
  return 'person';
}
