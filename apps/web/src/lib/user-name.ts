import type { User } from '@vnoc/contracts';

/** "First Last" of a person's names, those they have; `fallback` (their email, a dash…) when they have neither. */
export function personName(
  person: { firstName?: string | null; lastName?: string | null },
  fallback = '',
): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || fallback;
}

/** "First Last" from the user's contact, else the username (or the given fallback). */
export function displayName(user: User | null | undefined, fallback = ''): string {
  return personName(user?.contact ?? {}, user?.username || fallback);
}

/** One or two initials for the avatar. */
export function initials(user: User | null | undefined, fallback = ''): string {
  const first = user?.contact.firstName?.[0] ?? '';
  const last = user?.contact.lastName?.[0] ?? '';
  const letters = `${first}${last}` || (user?.username ?? fallback).slice(0, 1);
  return letters.toUpperCase();
}
