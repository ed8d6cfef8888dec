import {
  MAINTENANCE_MAX_DAYS,
  MAINTENANCE_REASON_MAX,
  type MaintenanceRequest,
  MaintenanceRequestSchema,
} from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { fieldErrors } from '../../../lib/form-validation.ts';
import { localToIso } from './alert-list-state.ts';

/** What the schedule form holds: times as the datetime-local inputs have them. */
export interface MaintenanceFormValues {
  siteIds: string[];
  groupId: string | null;
  startsAt: string;
  endsAt: string;
  reason: string;
}

// The contract speaks English; each of its messages has a twin in alerts.json (maintenance.validation).
const messageKeys: Record<string, string> = {
  'Enter a valid site id.': 'maintenance.validation.sites',
  'Enter a valid group id.': 'maintenance.validation.group',
  'Choose sites or a group.': 'maintenance.validation.sitesOrGroup',
  'Enter a valid start time.': 'maintenance.validation.start',
  'Enter a valid end time.': 'maintenance.validation.end',
  'The window must end after it starts.': 'maintenance.validation.order',
  [`A window lasts at most ${MAINTENANCE_MAX_DAYS} days.`]: 'maintenance.validation.tooLong',
  'Give a reason.': 'maintenance.validation.reason',
  [`A reason is at most ${MAINTENANCE_REASON_MAX} characters.`]: 'maintenance.validation.reasonTooLong',
  // The server's own checks.
  'The window must end in the future.': 'maintenance.validation.future',
  'Choose sites of your organization.': 'maintenance.validation.sites',
  'Choose a group of your organization.': 'maintenance.validation.group',
};

/** A contract's or the server's message about the form in the language of `t`; an unknown one as it is. */
export function maintenanceMessage(message: string, t: TFunction): string {
  const key = messageKeys[message];
  return key ? t(key, { ns: 'alerts', max: MAINTENANCE_REASON_MAX, days: MAINTENANCE_MAX_DAYS }) : message;
}

/** The request the form's values make (times in ISO with the offset, as the contract asks). */
export function maintenanceRequestInput(values: MaintenanceFormValues) {
  return {
    siteIds: values.siteIds,
    groupId: values.groupId,
    startsAt: localToIso(values.startsAt) ?? values.startsAt,
    endsAt: localToIso(values.endsAt) ?? values.endsAt,
    reason: values.reason,
  };
}

/**
 * The form's errors from MaintenanceRequestSchema, and the server's rule that a window ends in the future:
 * field → first message, in the language of `t`.
 */
export function maintenanceFormErrors(
  values: MaintenanceFormValues,
  t: TFunction,
  now: number = Date.now(),
): Record<string, string> {
  const input = maintenanceRequestInput(values);
  const result = MaintenanceRequestSchema.safeParse(input);
  const errors: Record<string, string> = {};
  if (result.success) {
    if (Date.parse(input.endsAt) <= now)
      errors.endsAt = maintenanceMessage('The window must end in the future.', t);
    return errors;
  }
  // Without a valid start or end, their order and length say nothing more.
  const badTime = result.error.issues.some(
    (i) => i.code !== 'custom' && (i.path[0] === 'startsAt' || i.path[0] === 'endsAt'),
  );
  const shown = result.error.issues.filter(
    (issue) => !(badTime && issue.code === 'custom' && issue.path[0] === 'endsAt'),
  );
  return fieldErrors(
    shown,
    (issue) => maintenanceMessage(issue.message, t),
    // A site id's problem belongs to the sites field, not to its index.
    ([field = '']) => field,
  );
}

/** The valid request, or null when the form has errors. */
export function maintenanceRequest(values: MaintenanceFormValues): MaintenanceRequest | null {
  const result = MaintenanceRequestSchema.safeParse(maintenanceRequestInput(values));
  return result.success ? result.data : null;
}

/** The form's first values: from the next quarter hour, for two hours. */
export function initialMaintenanceValues(now: Date, toLocal: (date: Date) => string): MaintenanceFormValues {
  const start = new Date(now);
  start.setSeconds(0, 0);
  start.setMinutes(Math.ceil((start.getMinutes() + 1) / 15) * 15);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  return { siteIds: [], groupId: null, startsAt: toLocal(start), endsAt: toLocal(end), reason: '' };
}
