// What other modules may use of accounts: people and organizations read by id, name or domain, the
// presented organization reference, and the sign-in guards single sign-on shares (attempt limits,
// revocation, the last sign-in). Everything else of accounts stays inside it.
export { presentOrganizationRef } from './present.ts';
export {
  findContact,
  findLanguage,
  findOrganizationByDomain,
  findUserById,
  findUserByUsername,
  isActiveUser,
} from './repository.ts';
export { recordSignIn } from './repository-admin.ts';
export { revokeToken } from './repository-security.ts';
export { addressKey, takeAttempt } from './service-security.ts';
export { lookupOrganization } from './service-sign-in.ts';
