import type { Entitlement, Organization, SupportContact } from '@vnoc/contracts';
import type { OrganizationContact } from '../../db/schema.ts';
import type { OrganizationRow, PersonRow } from './repository.ts';

/** Roles that name a support contact (English and Spanish words an administrator would write). */
const SUPPORT_ROLE = /support|soporte|help ?desk|mesa de ayuda/i;

/** The organization's first contact with a support role, else the provider's support address. */
export function supportContactOf(contacts: OrganizationContact[], providerEmail: string): SupportContact {
  const own = contacts.find((c) => c.role && SUPPORT_ROLE.test(c.role) && (c.email || c.phone));
  if (own) return { source: 'organization', name: own.name, email: own.email, phone: own.phone };
  return { source: 'provider', name: null, email: providerEmail, phone: null };
}

export function presentOrganization(
  row: OrganizationRow,
  administrators: PersonRow[],
  providerEmail: string,
  withSettings: boolean,
  verified: string[] = [],
): Organization {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    entitlements: row.entitlements as Entitlement[],
    contacts: row.contacts.map((c) => ({ name: c.name, role: c.role, email: c.email, phone: c.phone })),
    administrators: administrators.map((a) => ({ id: a.id, name: a.name || a.email, email: a.email })),
    supportContact: supportContactOf(row.contacts, providerEmail),
    settings: withSettings
      ? {
          selfRegistration: row.selfRegistration,
          emailDomains: row.emailDomains,
          domains: row.emailDomains.map((domain) => ({
            domain,
            state: verified.includes(domain) ? ('verified' as const) : ('pending' as const),
          })),
          supportAccess: row.supportAccess,
          ssoIssuer: row.ssoIssuer,
          ssoClientId: row.ssoClientId,
        }
      : null,
  };
}
