import type { Claims, Entitlement } from '@vnoc/contracts';

/**
 * Roles that may change things — devices, tickets — and run actions on devices (the server refuses
 * READ_ONLY, and SUPPORT has no customer data of their own).
 */
export function canChange(role: string | null | undefined): boolean {
  return role === 'ADMINISTRATOR' || role === 'USER';
}

/** Whether the signed-in organization has an entitlement (copied into the token's claims). */
export function hasEntitlement(
  claims: Pick<Claims, 'entitlements'> | null | undefined,
  entitlement: Entitlement,
) {
  return claims?.entitlements?.includes(entitlement) ?? false;
}

/** Running troubleshooting actions and sending support tickets: a role that may act, and `diagnostics`. */
export function canRunDiagnostics(claims: Pick<Claims, 'role' | 'entitlements'> | null | undefined): boolean {
  return canChange(claims?.role) && hasEntitlement(claims, 'diagnostics');
}

/**
 * A person of a customer organization in their own name: not the provider's support staff, and not support
 * acting as them (the server refuses such a session what it may only do for itself: chat, feedback).
 */
export function ownCustomerSession(
  claims: Pick<Claims, 'role' | 'impersonatedBy'> | null | undefined,
): boolean {
  return Boolean(claims && claims.role !== 'SUPPORT' && !claims.impersonatedBy);
}
