import type { Address, EditSiteRequest, Role, Site } from '@vnoc/contracts';

/** Only an ADMINISTRATOR edits a site (the server answers 403 to the others). */
export function canEditSite(role: Role | null | undefined): boolean {
  return role === 'ADMINISTRATOR';
}

export interface AddressValues {
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface ContactValues {
  /** A stable React key for the row; never sent. */
  key: string;
  name: string;
  role: string;
  phone: string;
  email: string;
}

export interface SiteEditValues {
  name: string;
  alias: string;
  contacts: ContactValues[];
  address: AddressValues;
}

let contactSeq = 0;

/** An empty contact row with a fresh key. */
export function newContact(fields: Partial<Omit<ContactValues, 'key'>> = {}): ContactValues {
  contactSeq += 1;
  return { key: `contact-${contactSeq}`, name: '', role: '', phone: '', email: '', ...fields };
}

/** An address as form fields: nulls become empty text; the country defaults to US. */
export function addressValues(address: Address): AddressValues {
  return {
    street: address.street ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    zip: address.zip ?? '',
    country: address.country || 'US',
  };
}

/** The modal's starting values from the site as stored. */
export function siteEditValues(site: Site): SiteEditValues {
  return {
    name: site.name,
    alias: site.alias ?? '',
    contacts: site.contacts.map((c) =>
      newContact({ name: c.name, role: c.role ?? '', phone: c.phone ?? '', email: c.email ?? '' }),
    ),
    address: addressValues(site.address),
  };
}

const norm = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

/** True when two addresses are the same text field by field (spacing ignored; empty and null alike). */
export function sameAddress(a: AddressValues | Address, b: AddressValues | Address): boolean {
  return (['street', 'city', 'state', 'zip', 'country'] as const).every(
    (field) => norm(a[field]) === norm(b[field]),
  );
}

/** The address fields as the verify and edit calls take them (blank optional fields → null). */
export function addressRequest(values: AddressValues) {
  const optional = (value: string) => norm(value) || null;
  return {
    street: optional(values.street),
    city: norm(values.city),
    state: optional(values.state),
    zip: optional(values.zip),
    country: norm(values.country) || 'US',
  };
}

/**
 * PUT site/edit's body. The address goes only when it differs from the stored one, so renaming a site
 * never depends on its old address still verifying; the server verifies a sent address itself.
 */
export function toEditRequest(site: Site, values: SiteEditValues): EditSiteRequest {
  const request: EditSiteRequest = {
    id: site.id,
    name: values.name,
    alias: values.alias,
    contacts: values.contacts.map(({ name, role, phone, email }) => ({ name, role, phone, email })),
  };
  if (!sameAddress(values.address, site.address)) request.address = addressRequest(values.address);
  return request;
}
