import type { ActivityEntry } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { alertName } from '../../../../lib/alert-display.ts';
import { formatDate } from '../../../../lib/format.ts';
import { paths } from '../../../../lib/paths.ts';

/** The translation key part of an action (dots would nest keys: `register` and `register.refused` both exist). */
const keyOf = (action: string) => action.replaceAll('.', '_');

/** The translation key of an action's short label (the action filter). */
export const actionKey = (action: string) => `actions.${keyOf(action)}`;

/** The translation key of an action's sentence ({{actor}} and a <target> element). */
export const sentenceKey = (action: string) => `activity.sentences.${keyOf(action)}`;

/** An action in words in the current language (t of the adminOrganization namespace); unknown ones raw. */
export function actionLabel(t: TFunction<'adminOrganization'>, action: string): string {
  return t(actionKey(action), { defaultValue: action });
}

/** The target's name as a reader reads it: an alert as "Site offline at Acme Raleigh Westgate". */
export function targetText(
  t: TFunction<'adminOrganization'>,
  target: NonNullable<ActivityEntry['target']>,
  lang: string,
): string {
  if (target.kind !== 'alert' || !target.alertCode) return target.name;
  return t('activity.alertAt', { alert: alertName(target.alertCode, lang), place: target.name });
}

/** The console page of a target, if it has one. */
export function targetPath(target: NonNullable<ActivityEntry['target']>): string | null {
  switch (target.kind) {
    case 'alert':
      return target.id ? `${paths.alerts}?alert=${encodeURIComponent(target.id)}` : null;
    case 'ticket':
      return target.id ? paths.ticket(target.id) : null;
    case 'device':
      return target.id && target.siteId ? paths.device(target.siteId, target.id) : null;
    case 'person':
      return target.id ? paths.adminUsers : null;
    case 'maintenance':
      return paths.alertsMaintenance;
    case 'organization':
      return paths.adminOrganization;
    case 'webhook':
      return paths.adminWebhooks;
  }
}

/** A detail's label in the language; one without a label reads as stored. */
export function detailLabel(t: TFunction<'adminOrganization'>, key: string): string {
  return t(`activity.detail.${key}`, { defaultValue: key });
}

/** A time the server writes in a detail (an API key's expiry): ISO 8601 in UTC, as JSON writes a Date. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A detail's value in the language where it is a word the server writes (changed, true, false), a time as every
 * date in the console (MM/DD/YYYY hh:mm A and the zone, not "2027-02-27T22:21:00.000Z"); else as stored.
 */
export function detailValue(t: TFunction<'adminOrganization'>, value: string): string {
  if (ISO_TIME.test(value)) return formatDate(value) || value;
  return /^\w+$/.test(value) ? t(`activity.values.${value}`, { defaultValue: value }) : value;
}
