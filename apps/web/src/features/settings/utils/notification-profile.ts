import { ALERT_CATALOGUE, type AlertCode, type NotificationProfile } from '@vnoc/contracts';

/** The browser's IANA time zone (the default for quiet hours), UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The time zones to choose from: every zone the browser knows, always with `current` and UTC. */
export function timeZoneChoices(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ([] as string[]);
  return [...new Set([...known, current, 'UTC'])].sort();
}

/** Alert codes with their catalogue names in the language, sorted by name. */
export function alertCodeChoices(language: string): { value: AlertCode; label: string }[] {
  const lang = language === 'es' ? 'es' : 'en';
  return ALERT_CATALOGUE.map((c) => ({ value: c.code, label: c.name[lang] })).sort((a, b) =>
    a.label.localeCompare(b.label, lang),
  );
}

/** Quiet hours when they are switched on: overnight, in the browser's time zone. */
export const defaultQuietHours = (timeZone = browserTimeZone()) => ({
  start: '22:00',
  end: '07:00',
  timeZone,
});

/** The profile as sent: repeated choices once, and nothing but the contract's fields. */
export function profileRequest(values: NotificationProfile): NotificationProfile {
  const once = <T>(list: readonly T[]) => [...new Set(list)];
  return {
    channels: once(values.channels),
    severities: once(values.severities),
    codes: once(values.codes),
    siteIds: once(values.siteIds),
    groupIds: once(values.groupIds),
    quietHours: values.quietHours
      ? { start: values.quietHours.start, end: values.quietHours.end, timeZone: values.quietHours.timeZone }
      : null,
    notifyCleared: values.notifyCleared,
  };
}
