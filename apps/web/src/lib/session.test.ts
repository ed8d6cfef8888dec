import { describe, expect, it } from 'vitest';
import { clockSkewMs, formatCountdown, isFullSession, isRenewable, sessionDecision } from './session.ts';

const NOW = 1_800_000_000_000;
const MIN = 60_000;
/** exp (seconds) that leaves `msLeft` milliseconds at NOW. */
const expFor = (msLeft: number) => (NOW + msLeft) / 1000;

describe('session windows (spec part 4 and 9)', () => {
  it.each([
    // [ms left, idle for ms, refresh?]  "not idle and 5 to 25 minutes remain"
    [25 * MIN + 1000, 0, false],
    [25 * MIN, 0, true],
    [25 * MIN - 1000, 0, true],
    [15 * MIN, 0, true],
    [5 * MIN + 1000, 0, true],
    [5 * MIN, 0, true],
    [5 * MIN - 1000, 0, false],
    [30 * MIN, 0, false],
    [15 * MIN, 119_999, true],
    [15 * MIN, 120_000, false],
    [15 * MIN, 300_000, false],
  ])('%i ms left, last input %i ms ago → refresh %s', (msLeft, idleFor, expected) => {
    const d = sessionDecision({
      nowMs: NOW,
      exp: expFor(msLeft),
      lastActivityMs: NOW - idleFor,
      dismissed: false,
    });
    expect(d.shouldRefresh).toBe(expected);
  });

  it.each([
    // [ms left, dismissed, countdown shown?]  "When 5 minutes or less remain … unless ignored"
    [5 * MIN + 1000, false, false],
    [5 * MIN, false, true],
    [5 * MIN - 1000, false, true],
    [1000, false, true],
    [5 * MIN - 1000, true, false],
    [0, false, false],
    [-1000, false, false],
  ])('%i ms left, dismissed %s → countdown %s', (msLeft, dismissed, expected) => {
    const d = sessionDecision({ nowMs: NOW, exp: expFor(msLeft), lastActivityMs: NOW, dismissed });
    expect(d.showCountdown).toBe(expected);
  });

  it.each([
    [1000, false],
    [0, true],
    [-1000, true],
  ])('%i ms left → expired %s', (msLeft, expected) => {
    expect(
      sessionDecision({ nowMs: NOW, exp: expFor(msLeft), lastActivityMs: NOW, dismissed: false }).expired,
    ).toBe(expected);
  });

  it.each([
    [119_999, false],
    [120_000, true],
  ])('idle after 120000 ms: %i ms without input → idle %s', (idleFor, expected) => {
    expect(
      sessionDecision({ nowMs: NOW, exp: expFor(10 * MIN), lastActivityMs: NOW - idleFor, dismissed: false })
        .idle,
    ).toBe(expected);
  });

  it.each([
    [5 * MIN, '5:00'],
    [4 * MIN + 59_000, '4:59'],
    [61_000, '1:01'],
    [59_000, '0:59'],
    [500, '0:01'],
    [0, '0:00'],
    [-5000, '0:00'],
  ])('countdown for %i ms is %s (m:ss)', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });

  it('a full session has passed every sign-in step', () => {
    const base = {
      sub: 'a@b.c',
      exp: 1,
      isMfaEnrolled: true,
      isMfaAppEnrolled: true,
      isMfaMobileEnrolled: false,
      isMfaVoiceEnrolled: false,
      userSmsNumber: null,
      userVoiceNumber: null,
      isCredExpired: false,
      isMfaValidated: true,
      isEmailValidated: true,
      role: 'USER' as const,
      entitlements: [],
    };
    expect(isFullSession(base)).toBe(true);
    expect(isFullSession({ ...base, isMfaValidated: false })).toBe(false);
    expect(isFullSession({ ...base, isEmailValidated: false })).toBe(false);
    expect(isFullSession({ ...base, isCredExpired: true })).toBe(false);
    expect(isFullSession(null)).toBe(false);
  });
});

describe('clock skew', () => {
  it.each([
    [NOW / 1000, NOW, 0],
    [NOW / 1000 - 360, NOW, -360_000],
    [NOW / 1000 + 5, NOW, 5000],
    [undefined, NOW, 0],
  ])('iat %s received at %i → skew %i ms', (iat, at, skew) => {
    expect(clockSkewMs(iat, at)).toBe(skew);
  });

  it('a fresh 30-minute token is not refreshed by a client clock 9 minutes ahead once skew is applied', () => {
    const serverNow = NOW;
    const clientNow = NOW + 9 * MIN;
    const exp = (serverNow + 30 * MIN) / 1000;
    const skew = clockSkewMs(serverNow / 1000, clientNow);
    expect(
      sessionDecision({ nowMs: clientNow, exp, lastActivityMs: clientNow, dismissed: false }).shouldRefresh,
    ).toBe(true);
    expect(
      sessionDecision({ nowMs: clientNow + skew, exp, lastActivityMs: clientNow + skew, dismissed: false })
        .shouldRefresh,
    ).toBe(false);
  });
});

describe('isRenewable (issue 11: a sign-in lasts at most 12 hours)', () => {
  it.each([
    [{ exp: 1000 }, true],
    [{ exp: 1000, sessionEnds: 5000 }, true],
    [{ exp: 5000, sessionEnds: 5000 }, false],
    [{ exp: 1000, impersonationEnds: 1000 }, false],
    [{ exp: 1000, sessionEnds: 9000, impersonationEnds: 2000 }, true],
  ])('%j → %s', (claims, renewable) => {
    expect(isRenewable(claims)).toBe(renewable);
  });
});
