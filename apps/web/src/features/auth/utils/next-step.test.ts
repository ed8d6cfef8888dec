import { describe, expect, it } from 'vitest';
import {
  isProfilePath,
  nextAfterEmailVerification,
  nextAfterForgotPasswordVerification,
  nextAfterImpersonation,
  nextAfterLogin,
  nextAfterMfaValidation,
  nextAfterPasswordUpdate,
  type StepClaims,
} from './next-step.ts';

const claims = (email: boolean, enrolled: boolean, credExpired = false): StepClaims => ({
  isEmailValidated: email,
  isMfaEnrolled: enrolled,
  isCredExpired: credExpired,
});

describe('nextAfterLogin — spec part 4: "Login success goes to /authentication if multi-factor is enrolled, else to /multi-factor-auth … If the claims say the email is not validated, the captivity path is set to /email-validation"', () => {
  it.each([
    { email: true, enrolled: true, expected: '/authentication' },
    { email: true, enrolled: false, expected: '/multi-factor-auth' },
    { email: false, enrolled: false, expected: '/email-validation' },
    { email: false, enrolled: true, expected: '/email-validation' },
  ])('email validated $email, enrolled $enrolled → $expected', ({ email, enrolled, expected }) => {
    expect(nextAfterLogin(claims(email, enrolled))).toBe(expected);
  });

  it('without claims (an unreadable token) goes back to /login', () => {
    expect(nextAfterLogin(null)).toBe('/login');
  });
});

describe('nextAfterEmailVerification — spec part 4: "Email code verification goes to /multi-factor-auth if not enrolled, else /authentication"', () => {
  it.each([
    { enrolled: false, expected: '/multi-factor-auth' },
    { enrolled: true, expected: '/authentication' },
  ])('enrolled $enrolled → $expected', ({ enrolled, expected }) => {
    expect(nextAfterEmailVerification(claims(true, enrolled))).toBe(expected);
  });
});

describe('nextAfterForgotPasswordVerification — spec part 4: "email not validated goes to /email-validation; validated and enrolled goes to /authentication; validated and not enrolled goes to /multi-factor-auth"', () => {
  it.each([
    { email: false, enrolled: false, expected: '/email-validation' },
    { email: false, enrolled: true, expected: '/email-validation' },
    { email: true, enrolled: true, expected: '/authentication' },
    { email: true, enrolled: false, expected: '/multi-factor-auth' },
  ])('email validated $email, enrolled $enrolled → $expected', ({ email, enrolled, expected }) => {
    expect(nextAfterForgotPasswordVerification(claims(email, enrolled, true))).toBe(expected);
  });
});

describe('nextAfterMfaValidation — spec part 4: "if the credential is expired go to /update-password; otherwise … go to /"', () => {
  it.each([
    { credExpired: true, expected: '/update-password' },
    { credExpired: false, expected: '/' },
  ])('credential expired $credExpired → $expected', ({ credExpired, expected }) => {
    expect(nextAfterMfaValidation(claims(true, true, credExpired))).toBe(expected);
  });
});

describe('nextAfterImpersonation — spec part 2: "goes to / if a token was stored, otherwise to /login"', () => {
  it.each([
    { stored: true, expected: '/' },
    { stored: false, expected: '/login' },
  ])('token stored $stored → $expected', ({ stored, expected }) => {
    expect(nextAfterImpersonation(stored)).toBe(expected);
  });
});

describe('nextAfterPasswordUpdate — spec part 4: "goes to / unless on a profile path"', () => {
  it.each([
    { path: '/update-password', expected: '/' },
    { path: '/settings/profile', expected: null },
    { path: '/profile', expected: null },
    { path: '/settings/organization', expected: '/' },
  ])('$path → $expected', ({ path, expected }) => {
    expect(nextAfterPasswordUpdate(path)).toBe(expected);
    expect(isProfilePath(path)).toBe(expected === null);
  });
});
