import { ErrorIds } from '@vnoc/contracts';
import { ApiError } from './api-client.ts';
import { showBanner } from './banner.ts';
import { i18n } from './i18n.ts';

/** Translation keys (namespace `translation`) of the spec part 8 error catalogue. */
export const errorKeys = {
  network: 'errors.network',
  invalidLogin: 'errors.invalidLogin',
  userExists: 'errors.userExists',
  alreadyRegistered: 'errors.alreadyRegistered',
  testNotificationWait: 'errors.testNotificationWait',
  passwordRequirements: 'errors.passwordRequirements',
  codeInvalid: 'errors.codeInvalid',
  service: 'errors.service',
  generic: 'errors.generic',
  sessionExpired: 'errors.sessionExpired',
  sessionExpirationError: 'errors.sessionExpirationError',
  refreshFailed: 'errors.refreshFailed',
  oktaNotAuthenticated: 'errors.oktaNotAuthenticated',
  authenticationError: 'errors.authenticationError',
} as const;
export type ErrorKey = keyof typeof errorKeys;

/** The catalogue text for a key, in the current language. */
export function errorText(key: ErrorKey): string {
  return i18n.t(errorKeys[key]);
}

function normalizePath(path: string): string {
  return (
    path
      .replace(/^\/+/, '')
      .replace(/^api\//, '')
      .split(/[?#]/)[0] ?? ''
  );
}

/** Catalogue key for an API failure, or null when the answer's own text applies. */
export function catalogueKey(error: ApiError): ErrorKey | null {
  const path = normalizePath(error.path);
  const { status, body } = error;
  if (status === 0) return 'network';
  if (path === 'login' && status === 401) return 'invalidLogin';
  if (path === 'access/register' && status === 409) return 'alreadyRegistered';
  if (path === 'userProfile/user' && status === 409) return 'userExists';
  if (path === 'test-notification' && status === 423) return 'testNotificationWait';
  if (body?.id === ErrorIds.passwordPolicy) return 'passwordRequirements';
  if (body?.id === ErrorIds.codeInvalid) return 'codeInvalid';
  return null;
}

/**
 * The message the shared handler shows for a failure (spec part 8), in the current language:
 * catalogue texts first, then a 400's first field problem, then the server's text, else the service text.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return errorText('generic');
  const key = catalogueKey(error);
  if (key) return errorText(key);
  const { status, body } = error;
  const first = body?.errors?.[0]?.message;
  if (status === 400 && first) return first;
  // Server texts are English; other languages show a translation of the known ids when there is one.
  const byId = body?.id ? `errors.byId.${body.id}` : null;
  if (byId && i18n.resolvedLanguage !== 'en' && i18n.exists(byId)) return i18n.t(byId);
  if (body?.message) return body.message;
  return errorText('service');
}

/**
 * A 400 whose first problem is about one of a form's `fields` (that field, or a path inside it): the field and
 * the server's message, to show under the field; null for any other failure.
 */
export function fieldRefusal<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const first = error.body?.errors?.[0];
  if (!first) return null;
  const field = fields.find((f) => first.path === f || first.path.startsWith(`${f}.`));
  return field ? { field, message: first.message } : null;
}

/** The shared handler: shows the failure's message in the global banner as an error. */
export function handleError(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  showBanner('danger', errorMessage(error));
}
