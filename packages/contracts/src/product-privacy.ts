import type { ProductProperties, ProductPropertyValue } from './product-analytics.ts';

/**
 * What product analytics must not carry, apart from the events' schemas: the console strips it before sending,
 * in the signed-in frame, which loads no zod with it (docs/decisions/web.md); the server strips it again.
 */

/** The user preference that opts out of product analytics (`off`); unset or `on` = tracked. */
export const ANALYTICS_PREFERENCE = 'analytics';

// Names of secrets: tokens, passwords, codes (MFA, access, verification), keys, credentials, cookies.
const SENSITIVE_NAME =
  /jwt|token|passw|secret|code|authori[sz]|cookie|totp|otp$|^otp|api.?key|credential|bearer|session.?key/i;
// Values that carry one: a JWT, a bearer header, an authenticator link, a URL with a secret in its query.
const SENSITIVE_VALUE =
  /eyJ[\w-]{4,}\.[\w-]{4,}\.|bearer\s+\S|otpauth:\/\/|[?&#](jwt|token|access_token|id_token|code|password|key)=/i;

export function isSensitivePropertyName(name: string): boolean {
  return SENSITIVE_NAME.test(name);
}

function isSensitiveValue(value: ProductPropertyValue): boolean {
  if (typeof value === 'string') return SENSITIVE_VALUE.test(value);
  if (Array.isArray(value)) return value.some((v) => typeof v === 'string' && SENSITIVE_VALUE.test(v));
  return false;
}

/**
 * The properties without any whose name or value looks like a token, password or code (`jwt`, `token`,
 * `password`, `code`, `authorization`…): the console drops them before sending and the server again on receipt.
 */
export function stripSensitiveProperties(
  properties: Record<string, ProductPropertyValue>,
): ProductProperties {
  return Object.fromEntries(
    Object.entries(properties).filter(
      ([name, value]) => !isSensitivePropertyName(name) && !isSensitiveValue(value),
    ),
  );
}
