import type { Claims } from '@vnoc/contracts';

export type SignInStep = 'email' | 'mfa' | 'password' | 'full';

/** The step a token is in, decided from its claims alone (brief: email → mfa → password → full). */
export function signInStep(
  claims: Pick<Claims, 'isEmailValidated' | 'isMfaValidated' | 'isCredExpired'>,
): SignInStep {
  if (!claims.isEmailValidated) return 'email';
  if (!claims.isMfaValidated) return 'mfa';
  if (claims.isCredExpired) return 'password';
  return 'full';
}
