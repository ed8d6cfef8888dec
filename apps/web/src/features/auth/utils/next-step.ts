import type { Claims } from '@vnoc/contracts';
import { paths } from '../../../lib/paths.ts';

/** The claims that decide where sign-in goes next. */
export type StepClaims = Pick<Claims, 'isEmailValidated' | 'isMfaEnrolled' | 'isCredExpired'>;

/**
 * Where sign-in goes next. `paths.root` means "sign-in is complete" (the caller runs completeSignIn);
 * any other path is a step screen, and the captivity path is set to it.
 */
export type NextStep = string;

/**
 * Spec part 4: "Login success goes to /authentication if multi-factor is enrolled, else to
 * /multi-factor-auth, with the captivity path set. If the claims say the email is not validated, the
 * captivity path is set to /email-validation and the user goes there."
 */
export function nextAfterLogin(claims: StepClaims | null): NextStep {
  if (!claims) return paths.login;
  if (!claims.isEmailValidated) return paths.emailValidation;
  return claims.isMfaEnrolled ? paths.authentication : paths.multiFactorEnroll;
}

/** Spec part 4: "Email code verification goes to /multi-factor-auth if not enrolled, else /authentication." */
export function nextAfterEmailVerification(claims: StepClaims | null): NextStep {
  if (!claims) return paths.login;
  return claims.isMfaEnrolled ? paths.authentication : paths.multiFactorEnroll;
}

/**
 * Spec part 4, forgot password: "verify the code, then by claims: email not validated goes to
 * /email-validation; validated and enrolled goes to /authentication; validated and not enrolled goes to
 * /multi-factor-auth."
 */
export function nextAfterForgotPasswordVerification(claims: StepClaims | null): NextStep {
  // The same rule as after a login: the spec words it twice, the console keeps it once.
  return nextAfterLogin(claims);
}

/**
 * Spec part 4: "Multi-factor code (TOTP) validation: if the credential is expired go to /update-password;
 * otherwise mark multi-factor validated … and go to /." Also used after a first enrolment, whose answer
 * is a validated token too.
 */
export function nextAfterMfaValidation(claims: StepClaims | null): NextStep {
  if (!claims) return paths.login;
  return claims.isCredExpired ? paths.updatePassword : paths.root;
}

/** Spec part 2, /impersonate: "goes to / if a token was stored, otherwise to /login." */
export function nextAfterImpersonation(tokenStored: boolean): NextStep {
  return tokenStored ? paths.root : paths.login;
}

/** Spec part 4: password update "goes to / unless on a profile path". */
export function nextAfterPasswordUpdate(currentPath: string): NextStep | null {
  return isProfilePath(currentPath) ? null : paths.root;
}

export function isProfilePath(path: string): boolean {
  return (
    path === '/profile' || path === paths.settingsProfile || path.startsWith(`${paths.settingsProfile}/`)
  );
}
