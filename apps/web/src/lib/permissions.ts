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
