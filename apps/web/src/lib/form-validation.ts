import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

// The shared schemas speak English; each of their messages has a translated twin in auth.json.
const messageKeys: Record<string, string> = {
  'Enter a valid email address.': 'validation.email',
  'Enter the 6-digit code.': 'validation.code',
  'Password does not meet requirements.': 'validation.passwordPolicy',
  'Enter a valid phone number.': 'validation.phone',
  'Enter your password.': 'validation.passwordRequired',
  'Enter your first name.': 'validation.firstName',
  'Enter your last name.': 'validation.lastName',
};

/** One zod issue as a sentence in the current language (t of the `auth` namespace). */
export function issueMessage(issue: z.core.$ZodIssue, t: TFunction): string {
  const key = messageKeys[issue.message];
  if (key) return t(key, { ns: 'auth' });
  if (issue.code === 'too_big' && 'maximum' in issue) {
    return t('validation.tooLong', { ns: 'auth', max: Number(issue.maximum) });
  }
  if (issue.code === 'too_small' && 'minimum' in issue && Number(issue.minimum) <= 1) {
    return t('validation.required', { ns: 'auth' });
  }
  return t('validation.invalid', { ns: 'auth' });
}

/**
 * Zod issues as a form's field messages: each field's first issue, worded by `word`, under the field `fieldOf`
 * names for the issue's path (by default the path joined with dots).
 */
export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  word: (issue: z.core.$ZodIssue, field: string) => string,
  fieldOf: (path: string[]) => string = (path) => path.join('.'),
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path.map(String));
    errors[field] ??= word(issue, field);
  }
  return errors;
}

/**
 * A @mantine/form `validate` function from a shared zod schema: field path → first message, translated.
 * `pick` maps form values to the schema's input (forms often hold extra fields such as a confirmation).
 */
export function schemaValidator<Values, S extends z.ZodType>(
  schema: S,
  t: TFunction,
  pick: (values: Values) => unknown = (values) => values,
): (values: Values) => Record<string, string> {
  return (values) => {
    const result = schema.safeParse(pick(values));
    return result.success ? {} : fieldErrors(result.error.issues, (issue) => issueMessage(issue, t));
  };
}

/** The part of a @mantine/form form that `useErrorsFollowLanguage` needs. */
type CheckedForm = { errors: Record<string, unknown>; validateField: (path: never) => unknown };

/**
 * A form's shown field messages follow a switch of language: the fields that show a message are checked
 * again, so they are worded anew (fields without one stay untouched, so nothing new turns red).
 */
export function useErrorsFollowLanguage(form: CheckedForm): void {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const shown = useRef(language);
  useEffect(() => {
    if (shown.current === language) return;
    shown.current = language;
    for (const path of Object.keys(form.errors)) form.validateField(path as never);
  }, [language, form]);
}
