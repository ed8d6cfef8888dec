import type { Claims } from '@vnoc/contracts';

/** True when the claims' exp (seconds) is at or before now (ms). */
export function isExpired(claims: Pick<Claims, 'exp'> | null, nowMs: number): boolean {
  return !claims || claims.exp * 1000 <= nowMs;
}

/** Spec part 9 session constants. */
export const SESSION_CHECK_MS = 1000;
export const IDLE_AFTER_MS = 120_000;
export const COUNTDOWN_AT_MS = 5 * 60_000;
export const REFRESH_MIN_LEFT_MS = 5 * 60_000;
export const REFRESH_MAX_LEFT_MS = 25 * 60_000;

export interface SessionInput {
  nowMs: number;
  /** Token expiry in seconds (the claims' exp). */
  exp: number;
  lastActivityMs: number;
  /** The countdown notice was dismissed ("ignored") by the user. */
  dismissed: boolean;
}

export interface SessionDecision {
  msLeft: number;
  idle: boolean;
  expired: boolean;
  /** Refresh now: not idle and 5 ≤ minutes left ≤ 25. */
  shouldRefresh: boolean;
  /** Countdown notice: 5 minutes or less left, not expired, not dismissed. */
  showCountdown: boolean;
  /** The countdown as m:ss. */
  countdown: string;
}

export function isIdle(nowMs: number, lastActivityMs: number): boolean {
  return nowMs - lastActivityMs >= IDLE_AFTER_MS;
}

/** Formats a remaining time as m:ss (rounded up to the next second, never negative). */
export function formatCountdown(msLeft: number): string {
  const totalSeconds = Math.max(0, Math.ceil(msLeft / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** What the once-a-second session check should do (spec part 4, Session). */
export function sessionDecision({ nowMs, exp, lastActivityMs, dismissed }: SessionInput): SessionDecision {
  const msLeft = exp * 1000 - nowMs;
  const idle = isIdle(nowMs, lastActivityMs);
  const expired = msLeft <= 0;
  return {
    msLeft,
    idle,
    expired,
    shouldRefresh: !idle && msLeft >= REFRESH_MIN_LEFT_MS && msLeft <= REFRESH_MAX_LEFT_MS,
    showCountdown: !expired && !dismissed && msLeft <= COUNTDOWN_AT_MS,
    countdown: formatCountdown(msLeft),
  };
}

/**
 * Whether renewing the token could give it more time: not when it already ends where the sign-in (12 h
 * after it began) or the impersonation ends; the countdown then runs out and the session ends.
 */
export function isRenewable(claims: Pick<Claims, 'exp' | 'sessionEnds' | 'impersonationEnds'>): boolean {
  return [claims.sessionEnds, claims.impersonationEnds].every((end) => end === undefined || claims.exp < end);
}

/** A token that has passed every sign-in step (email, MFA, password): the only kind that reaches data calls. */
export function isFullSession(claims: Claims | null): boolean {
  return Boolean(claims?.isEmailValidated && claims.isMfaValidated && !claims.isCredExpired);
}

/**
 * Difference between the server's clock and this one, taken when a token arrives (its iat is the
 * server's "now"). Session windows are measured on the server's clock, so a client clock running
 * ahead does not see every fresh token as already old (which would refresh it every second).
 */
export function clockSkewMs(iatSeconds: number | undefined, receivedAtMs: number): number {
  return iatSeconds === undefined ? 0 : iatSeconds * 1000 - receivedAtMs;
}
