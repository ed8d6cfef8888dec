/**
 * The rules routes are declared with (`route(rule, schema)`): who may call them, by sign-in step, role and
 * whether in their own name. A module names a rule of its own only where it adds to these (an entitlement, a
 * sign-in step of its own).
 */

import type { AuthRule } from '../plugins/auth.ts';

/** Signed in with every step done; open to every role. */
export const signedIn: AuthRule = { steps: ['full'] };
/**
 * Signed in with every step done, as a person: their own session, favorites, visits, usage (never with an API
 * key, issue 38).
 */
export const personal: AuthRule = { steps: ['full'], notApiKey: true };
/** Signed in with every step done, in one's own name (never while support acts as the person, nor with an API key). */
export const signedInAsSelf: AuthRule = { steps: ['full'], notImpersonated: true };
/** Signed in with every step done, as any customer role (SUPPORT, who has no fleet of its own, is not one). */
export const customers: AuthRule = { steps: ['full'], roles: ['ADMINISTRATOR', 'USER', 'READ_ONLY'] };
/** Signed in with every step done, as a customer role that may change things (READ_ONLY may not). */
export const customerWriters: AuthRule = { steps: ['full'], roles: ['ADMINISTRATOR', 'USER'] };
/** Signed in with every step done, as the organization's administrator. */
export const administrators: AuthRule = { steps: ['full'], roles: ['ADMINISTRATOR'] };
/**
 * The organization's administrator in their own name: what would outlive a support session (a person made or
 * elevated, a key, a signing secret, a proved domain) is never support's while acting as one (issue 34), nor an
 * API key's.
 */
export const administratorsAsSelf: AuthRule = { ...administrators, notImpersonated: true };
/** A person of a customer organization in their own name (never support acting as them, nor an API key). */
export const customersAsSelf: AuthRule = { ...customers, notImpersonated: true };
/** A customer person's own state (their badge, their notification profile): never with an API key (issue 38). */
export const customersPersonal: AuthRule = { ...customers, notApiKey: true };
/** The provider's support staff, signed in as themselves (never while acting as a customer). */
export const supportStaff: AuthRule = { steps: ['full'], roles: ['SUPPORT'], notImpersonated: true };
