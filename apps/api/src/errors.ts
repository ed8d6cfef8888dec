import { API_KEY_MESSAGES, type ErrorId, ErrorIds } from '@vnoc/contracts';

export type FieldProblem = { path: string; message: string };

/** A refusal with a stable id; the one error handler turns it into ErrorBodySchema. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly id: ErrorId,
    message: string,
    readonly errors?: FieldProblem[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const MESSAGES = {
  invalidCredentials: 'Invalid login.  Please check your credentials.',
  codeInvalid: 'Code is not valid. Please try again.',
  passwordPolicy: 'Password does not meet requirements.',
  alreadyRegistered: "Account already registered. Please contact the provider's support for assistance.",
  noOrganization: 'No organization uses the email domain of this address.',
  registrationClosed:
    'Your organization does not accept registrations. Ask an administrator of your organization to create your account.',
  accountPending: 'Your account is waiting for approval by an administrator of your organization.',
  accountDeactivated: "Your account has been deactivated. Contact your organization's administrator.",
  unauthorized: 'Your session has expired, please login.',
  wrongStep: 'Finish signing in before using this feature.',
  forbidden: 'You are not allowed to do this.',
  supportConfined: 'Support staff cannot do this while acting as a customer.',
  notEntitled: 'Your organization does not have this feature.',
  notFound: 'Not found.',
  locked: 'Too many failed attempts. Try again in 15 minutes.',
  lockedDay: 'Too many failed attempts today. Try again in 24 hours.',
  reauthRequired: 'Confirm it is you before this change: enter your current password.',
  reauthFailed: 'The current password is not correct.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  testWait: 'Must wait 5 minutes before sending another test to this contact method.',
  costlyNumber: 'Codes are not sent to premium-rate or shared-cost numbers. Use a mobile or landline number.',
  busy: 'The service is busy. Please try again in a moment.',
  internal:
    "A service error occurred. Please try again in a few moments or contact the provider's support for assistance.",
} as const;

export const Errors = {
  invalidInput: (message: string, path = '') =>
    new AppError(400, 'invalid_input', message, [{ path, message }]),
  codeInvalid: () => new AppError(400, 'code_invalid', MESSAGES.codeInvalid),
  passwordPolicy: () => new AppError(400, 'password_policy', MESSAGES.passwordPolicy),
  invalidCredentials: () => new AppError(401, 'invalid_credentials', MESSAGES.invalidCredentials),
  unauthorized: () => new AppError(401, 'unauthorized', MESSAGES.unauthorized),
  wrongStep: () => new AppError(401, 'wrong_step', MESSAGES.wrongStep),
  forbidden: () => new AppError(403, 'forbidden', MESSAGES.forbidden),
  notEntitled: () => new AppError(403, 'not_entitled', MESSAGES.notEntitled),
  /** Issue 34: what support may not do while acting as a customer (routes flagged `notImpersonated`). */
  supportConfined: () => new AppError(403, 'support_confined', MESSAGES.supportConfined),
  /** Issue 38: an API key past its expiry, a write with a read-only key, a person's own route with a key. */
  apiKeyExpired: () => new AppError(401, 'api_key_expired', API_KEY_MESSAGES.expired),
  apiKeyReadOnly: (message: string = API_KEY_MESSAGES.readOnly) =>
    new AppError(403, 'api_key_read_only', message),
  apiKeyConfined: () => new AppError(403, 'api_key_confined', API_KEY_MESSAGES.confined),
  conflict: (id: ErrorId, message: string) => new AppError(409, id, message),
  /**
   * An action the device cannot carry out (400, the `action` field): `not_carried` by its driver, `not_offered`
   * for its kind, so a client can say why in its own words.
   */
  unsupportedAction: (cause: 'driver' | 'kind', message: string) =>
    new AppError(400, cause === 'driver' ? ErrorIds.notCarried : ErrorIds.notOffered, message, [
      { path: 'action', message },
    ]),
  notFound: () => new AppError(404, 'not_found', MESSAGES.notFound),
  alreadyRegistered: () => new AppError(409, 'already_registered', MESSAGES.alreadyRegistered),
  noOrganization: () => new AppError(422, ErrorIds.noOrganization, MESSAGES.noOrganization),
  registrationClosed: () => new AppError(403, 'registration_closed', MESSAGES.registrationClosed),
  accountPending: () => new AppError(403, 'account_pending', MESSAGES.accountPending),
  accountDeactivated: () => new AppError(403, 'account_deactivated', MESSAGES.accountDeactivated),
  locked: () => new AppError(429, 'locked', MESSAGES.locked),
  /** Issue 34: the daily cap of a code-entry lockout was reached. */
  lockedDay: () => new AppError(429, 'locked_day', MESSAGES.lockedDay),
  /** Issue 34: a password or factor change needs a recent access/reauthenticate in this session. */
  reauthRequired: (message: string = MESSAGES.reauthRequired) =>
    new AppError(403, 'reauth_required', message),
  reauthFailed: () => new AppError(403, 'reauth_failed', MESSAGES.reauthFailed),
  rateLimited: () => new AppError(429, 'rate_limited', MESSAGES.rateLimited),
  /** Spec part 8: a second test notification to one contact method within 5 minutes. */
  testWait: () => new AppError(423, 'test_wait', MESSAGES.testWait),
  /** A code to a premium-rate or shared-cost number (toll fraud). */
  costlyNumber: () => new AppError(400, 'costly_number', MESSAGES.costlyNumber),
};
