/*
 * Plain constants, no schema: a module that needs only the ids (the web's entry, which maps them to the spec's
 * catalogue) imports no zod with them.
 */

/** Stable error ids the server answers with; the web client maps them to the spec's catalogue. */
export const ErrorIds = {
  invalidInput: 'invalid_input',
  invalidCredentials: 'invalid_credentials',
  locked: 'locked',
  lockedDay: 'locked_day',
  reauthRequired: 'reauth_required',
  reauthFailed: 'reauth_failed',
  unauthorized: 'unauthorized',
  wrongStep: 'wrong_step',
  forbidden: 'forbidden',
  notFound: 'not_found',
  alreadyRegistered: 'already_registered',
  noOrganization: 'no_organization',
  userExists: 'user_exists',
  accountPending: 'account_pending',
  accountDeactivated: 'account_deactivated',
  registrationClosed: 'registration_closed',
  invitationInvalid: 'invitation_invalid',
  invitationsLimited: 'invitations_limited',
  lastAdministrator: 'last_administrator',
  codeInvalid: 'code_invalid',
  passwordPolicy: 'password_policy',
  rateLimited: 'rate_limited',
  conflict: 'conflict',
  geocoderUnavailable: 'geocoder_unavailable',
  deliveryFailed: 'delivery_failed',
  notEntitled: 'not_entitled',
  supportAccessOff: 'support_access_off',
  supportConfined: 'support_confined',
  alreadyRebooting: 'already_rebooting',
  alreadyRunning: 'already_running',
  batchAction: 'batch_action',
  batchFull: 'batch_full',
  /** An action the device's driver does not carry out (an OpenWISP device takes no commands): 400. */
  notCarried: 'not_carried',
  /** An action the device's kind is not offered (a switch has no WAN link to test): 400. */
  notOffered: 'not_offered',
  /** Confirming disabled ports on a simulated device: it keeps them off until they are reverted. */
  portsStayOff: 'ports_stay_off',
  /** Confirming disabled ports when no automatic revert is pending. */
  noPortsPending: 'no_ports_pending',
  testWait: 'test_wait',
  costlyNumber: 'costly_number',
  /** Too many CSV downloads running (the person's or the server's): try again in a minute. */
  exportsBusy: 'exports_busy',
  /** Every database connection busy for longer than the server waits: try again in a moment. */
  busy: 'busy',
  ssoIssuerRefused: 'sso_issuer_refused',
  internal: 'internal',
  /** A second open ticket about one alert (issue 37): its open ticket is named in the message. */
  ticketOpen: 'ticket_open',
  /** An API key past its expiry (issue 38): 401. */
  apiKeyExpired: 'api_key_expired',
  /** A write with a read-only API key, or a display's call outside its dashboards (issue 38): 403. */
  apiKeyReadOnly: 'api_key_read_only',
  /** A person's own route (sign-in, profile, factors, support) called with an API key: 403. */
  apiKeyConfined: 'api_key_confined',
  /** More than WEBHOOK_TESTS_PER_MINUTE "Send test" to one webhook destination in a minute (issue 38): 429. */
  webhookTestLimited: 'webhook_test_limited',
} as const;
export type ErrorId = (typeof ErrorIds)[keyof typeof ErrorIds];
