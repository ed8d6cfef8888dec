import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Loaded on demand through `useFormatPhone` (lib/use-format-phone.ts): the library's metadata is 30 KB
 * gzipped, more than a screen that shows one contact's number should wait for.
 *
 * A stored phone number (international form, spec part 5) as people read it: "+1 759 555 6540",
 * "+34 612 34 56 78". Anything the library cannot read is shown as stored.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const parsed = parsePhoneNumberFromString(phone);
  return parsed ? parsed.formatInternational() : phone;
}
