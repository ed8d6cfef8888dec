/**
 * Spec part 5: a phone number in international form. With a leading plus: 2 to 15 digits, first digit
 * not zero. Otherwise 10 to 15 digits, prefixed with +1. Anything else is dropped (null).
 * Spaces, dashes, dots and parentheses are ignored.
 */
export function normalizePhone(input: string | null | undefined): string | null {
  if (!input) return null;
  const trimmed = input.trim();
  const plus = trimmed.startsWith('+');
  const rest = plus ? trimmed.slice(1) : trimmed;
  if (!/^[\d\s().-]+$/.test(rest)) return null;
  const digits = rest.replace(/\D/g, '');
  if (plus) return /^[1-9]\d{1,14}$/.test(digits) ? `+${digits}` : null;
  return /^\d{10,15}$/.test(digits) ? `+1${digits}` : null;
}
