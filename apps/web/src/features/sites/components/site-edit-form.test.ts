import { EditSiteRequestSchema, type Site } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import {
  addressRequest,
  addressValues,
  canEditSite,
  newContact,
  sameAddress,
  siteEditValues,
  toEditRequest,
} from './site-edit-form.ts';

const site: Site = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Acme Austin',
  alias: null,
  backOfficeAccountId: '700001',
  accountHolders: [],
  address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
  verifiedAddress: null,
  coordinates: null,
  contacts: [{ name: 'Maria Garcia', phone: '+12025550100', email: null, role: 'Site manager' }],
  devices: [],
  favorite: false,
  lastVisited: null,
};

describe('canEditSite', () => {
  it.each([
    ['ADMINISTRATOR', true],
    ['USER', false],
    ['READ_ONLY', false],
    ['SUPPORT', false],
    [null, false],
    [undefined, false],
  ] as const)('%s → %s', (role, expected) => {
    expect(canEditSite(role)).toBe(expected);
  });
});

describe('addressValues / addressRequest', () => {
  it('nulls become empty fields, and blank optional fields go back as null', () => {
    const values = addressValues({ street: null, city: 'Austin', state: null, zip: null, country: 'US' });
    expect(values).toEqual({ street: '', city: 'Austin', state: '', zip: '', country: 'US' });
    expect(addressRequest(values)).toEqual({
      street: null,
      city: 'Austin',
      state: null,
      zip: null,
      country: 'US',
    });
  });

  it('trims and collapses spaces; an empty country is US', () => {
    expect(
      addressRequest({
        street: ' 100  Congress Ave ',
        city: ' austin',
        state: 'tx ',
        zip: '  ',
        country: ' ',
      }),
    ).toEqual({ street: '100 Congress Ave', city: 'austin', state: 'tx', zip: null, country: 'US' });
  });
});

describe('sameAddress', () => {
  it.each([
    [{ street: '1 Main St' }, true],
    [{ street: ' 1  Main St ' }, true],
    [{ street: '' }, false],
    [{ city: 'austin' }, false],
    [{ zip: '78702' }, false],
    [{ country: 'Mexico' }, false],
  ])('stored address vs fields with %o → %s', (change, expected) => {
    expect(sameAddress(site.address, { ...addressValues(site.address), ...change })).toBe(expected);
  });

  it('empty text and null are the same', () => {
    expect(
      sameAddress(
        { street: null, city: 'Austin', state: null, zip: null, country: 'US' },
        { street: '', city: 'Austin', state: '', zip: '', country: 'US' },
      ),
    ).toBe(true);
  });
});

describe('toEditRequest', () => {
  it('leaves the address out when it did not change, and drops the row keys', () => {
    const values = siteEditValues(site);
    const request = toEditRequest(site, { ...values, name: 'Acme Austin North' });
    expect(request).toEqual({
      id: site.id,
      name: 'Acme Austin North',
      alias: '',
      contacts: [{ name: 'Maria Garcia', role: 'Site manager', phone: '+12025550100', email: '' }],
    });
    // Blank alias, role and email parse to null on both sides.
    expect(EditSiteRequestSchema.parse(request)).toMatchObject({
      alias: null,
      contacts: [{ name: 'Maria Garcia', role: 'Site manager', phone: '+12025550100', email: null }],
    });
  });

  it('sends a changed address (the server verifies it and decides the coordinates)', () => {
    const values = siteEditValues(site);
    const request = toEditRequest(site, {
      ...values,
      address: { street: '100 Congress Ave', city: 'austin', state: 'tx', zip: '', country: 'US' },
      contacts: [...values.contacts, newContact({ name: 'Wei Chen' })],
    });
    expect(request.address).toEqual({
      street: '100 Congress Ave',
      city: 'austin',
      state: 'tx',
      zip: null,
      country: 'US',
    });
    expect(request).not.toHaveProperty('coordinates');
    expect(request.contacts).toHaveLength(2);
    expect(EditSiteRequestSchema.safeParse(request).success).toBe(true);
  });

  it('new contact rows get distinct keys', () => {
    expect(newContact().key).not.toBe(newContact().key);
  });
});
