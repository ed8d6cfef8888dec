import { JOB_ACTIONS } from '@vnoc/contracts';
import type { TFunction } from 'i18next';

/** The audit actions the server writes today; others (newer ones) are shown as they are stored. */
export const KNOWN_ACTIONS: readonly string[] = [
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
  'impersonation.exchange',
  'impersonation.refused',
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
  'maintenance.create',
  'maintenance.end',
  'ticket.create',
  'ticket.status',
  ...JOB_ACTIONS.map((a) => `device.troubleshooting.${a}`),
  'device.troubleshooting.cancel',
];

/** The translation key of an action (dots would nest keys: `register` and `register.refused` both exist). */
export const actionKey = (action: string) => `actions.${action.replaceAll('.', '_')}`;

/** An action in words in the current language (t of the adminOrganization namespace); unknown ones raw. */
export function actionLabel(t: TFunction<'adminOrganization'>, action: string): string {
  return t(actionKey(action), { defaultValue: action });
}
