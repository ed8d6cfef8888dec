import type { Organization, Role, User } from '@vnoc/contracts';

// The organization and its member the organization screens' tests (administration and settings) share.

export const ORG_ID = '11111111-1111-4111-8111-111111111111';

export function user(role: Role): User {
  return {
    id: 'u-1',
    creationDate: '2026-01-01T00:00:00.000Z',
    username: 'ada@acme.example',
    role,
    organization: { id: ORG_ID, name: 'Acme' },
    contact: { firstName: 'Ada', lastName: 'Admin' } as User['contact'],
    userPreferences: [],
    siteGroups: [],
    managedUsers: [],
  };
}

export const organization: Organization = {
  id: ORG_ID,
  name: 'Acme',
  description: 'Retail stores',
  entitlements: ['diagnostics'],
  contacts: [{ name: 'Grace Hopper', role: 'Facilities', email: 'grace@acme.example', phone: null }],
  administrators: [{ id: 'u-1', name: 'Ada Admin', email: 'ada@acme.example' }],
  supportContact: { source: 'provider', name: null, email: 'support@vnoc.example', phone: null },
  settings: {
    selfRegistration: false,
    emailDomains: ['acme.example'],
    domains: [{ domain: 'acme.example', state: 'verified' }],
    supportAccess: true,
    ssoIssuer: null,
    ssoClientId: null,
  },
};
