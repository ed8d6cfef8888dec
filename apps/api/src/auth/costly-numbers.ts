import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Number types whose calls and texts the caller pays extra for: where SMS pumping and toll fraud send codes. */
const COSTLY = new Set(['PREMIUM_RATE', 'SHARED_COST']);

/**
 * Whether a number (international form) is premium-rate or shared-cost by the numbering plans in
 * libphonenumber's full metadata (US 900, UK 09 and 087, Spain 902, …). Codes are never sent to such a
 * number. A number the plans do not know (a demo number, a new range) is not refused on that ground.
 */
export function isCostlyNumber(phone: string): boolean {
  const type = parsePhoneNumberFromString(phone)?.getType();
  return type !== undefined && COSTLY.has(type);
}
