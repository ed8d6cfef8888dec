import { CONTACT_PHONE, EMAIL_DOMAIN, EmailSchema } from '@vnoc/contracts';

/** What the contacts editor holds: every field as typed. */
export interface ContactDraft {
  name: string;
  role: string;
  email: string;
  phone: string;
}

export type ContactProblem = 'contactNameRequired' | 'emailInvalid' | 'phoneInvalid';

/** The first problem of each field of a contact (keys of the adminOrganization namespace's `validation`). */
export function contactProblems(contact: ContactDraft): Partial<Record<keyof ContactDraft, ContactProblem>> {
  const problems: Partial<Record<keyof ContactDraft, ContactProblem>> = {};
  if (!contact.name.trim()) problems.name = 'contactNameRequired';
  if (contact.email.trim() && !EmailSchema.safeParse(contact.email.trim()).success)
    problems.email = 'emailInvalid';
  if (contact.phone.trim() && !CONTACT_PHONE.test(contact.phone.trim())) problems.phone = 'phoneInvalid';
  return problems;
}

/** A domain as the server stores it (lower case, no leading @), or null when it is not a domain. */
export function normalizeDomain(value: string): string | null {
  const domain = value.trim().toLowerCase().replace(/^@/, '');
  return EMAIL_DOMAIN.test(domain) ? domain : null;
}

/**
 * The issuer problem the browser can see: not a URL, not https (http only for localhost or 127.0.0.1,
 * which the server accepts in development installs only).
 */
export function issuerProblem(value: string): 'issuerInvalid' | 'issuerHttps' | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'issuerInvalid';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:')
    return ['localhost', '127.0.0.1'].includes(url.hostname) ? null : 'issuerHttps';
  return 'issuerInvalid';
}
