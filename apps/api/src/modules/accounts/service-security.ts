import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Channel } from '@vnoc/contracts';
import { CODE_SEND_WINDOW_MS } from '../../auth/code-sends.ts';
import { isCostlyNumber } from '../../auth/costly-numbers.ts';
import { ACCESS_CODE_SECONDS, IMPERSONATION_SECONDS } from '../../auth/tokens.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { Errors } from '../../errors.ts';
import { clientKeyOf } from '../../plugins/client-address.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import {
  clearFailures,
  deleteExpiredRevocations,
  deleteFailures,
  deleteOldFailures,
  findNewestUnusedCode,
  insertCode,
  takeAttempt as takeAttemptRows,
  updateCode,
} from './repository-security.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/**
 * Issue 11: a fresh code does not reset the tries. Wrong codes are counted per account and purpose across
 * re-sends (issue 34: one purpose cannot exhaust another; the public reset code also per client address)
 * and lock that purpose's checks for the lockout window after this many.
 */
export const CODE_ACCOUNT_FAILURES = 5;
/** Codes sent per account, and per destination, within CODE_SEND_WINDOW_MS (bombing, toll fraud). */
export const CODE_SENDS_PER_ACCOUNT = 5;
export const CODE_SENDS_PER_DESTINATION = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
/**
 * Issue 34: lockouts of code entry (sent codes, authenticator codes) do not simply reset every 15 minutes.
 * After DAILY_LOCKOUTS lockouts' worth of failures within DAILY_WINDOW_MS the key stays locked until the
 * failures are older than DAILY_WINDOW_MS, or an administrator's MFA reset of the person clears them.
 */
export const DAILY_LOCKOUTS = 3;
export const DAILY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const ACCOUNT_FAILURE_LIMIT = 5;
// Many people can share one address (an office NAT), so the per-address limit is looser than per-account.
export const ADDRESS_FAILURE_LIMIT = 20;

export type CodePurpose =
  | 'email-validation'
  | 'contact-email'
  | 'registered-mobile'
  | 'contact-mobile'
  | 'enroll-sms'
  | 'enroll-voice'
  | 'mfa-login'
  | 'password-reset';

function hashCode(key: string, purpose: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}:${code}`).digest('hex');
}

const TEXTS: Record<CodePurpose, { subject: string; lead: string }> = {
  'email-validation': {
    subject: 'Verify your email address for vNOC',
    lead: 'Your vNOC email verification code is',
  },
  'contact-email': {
    subject: 'Verify your contact email for vNOC',
    lead: 'Your vNOC contact email verification code is',
  },
  'registered-mobile': { subject: 'vNOC code', lead: 'Your vNOC verification code is' },
  'contact-mobile': { subject: 'vNOC code', lead: 'Your vNOC contact number verification code is' },
  'enroll-sms': { subject: 'vNOC code', lead: 'Your vNOC enrolment code is' },
  'enroll-voice': { subject: 'vNOC code', lead: 'Your vNOC enrolment code is' },
  'mfa-login': { subject: 'vNOC code', lead: 'Your vNOC sign-in code is' },
  'password-reset': { subject: 'Reset your vNOC password', lead: 'Your vNOC password reset code is' },
};

/** Creates a 6-digit code (valid 10 min, newest only) for one purpose and sends it on `channel`. */
export async function sendCode(
  ctx: AppContext,
  user: { id: string },
  purpose: CodePurpose,
  channel: Channel,
  destination: string,
): Promise<void> {
  // Before anything is counted or stored: such a number never gets a code.
  if (channel !== 'email' && isCostlyNumber(destination)) throw Errors.costlyNumber();
  await ctx.limiter.hit(`code-send:${user.id}`, CODE_SENDS_PER_ACCOUNT, CODE_SEND_WINDOW_MS);
  await ctx.limiter.hit(
    `code-send-to:${destination.toLowerCase()}`,
    CODE_SENDS_PER_DESTINATION,
    CODE_SEND_WINDOW_MS,
  );
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await insertCode(ctx.db, {
    userId: user.id,
    purpose,
    destination,
    codeHash: hashCode(ctx.codeKey, purpose, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  const text = TEXTS[purpose];
  const body =
    channel === 'email'
      ? `${text.lead} ${code}.\n\nIt expires in 10 minutes. If you did not ask for it, you can ignore this message.`
      : `${text.lead} ${code}. It expires in 10 minutes.`;
  await ctx.deliver({
    channel,
    to: destination,
    subject: channel === 'email' ? text.subject : undefined,
    body,
    code,
  });
}

/**
 * Consumes the newest unused code of `purpose`, returning where it was sent. Wrong, expired, used or
 * exhausted codes throw code_invalid; a wrong try counts, and the 5th one retires the code. Tries are
 * also counted per account and purpose across re-sends: after CODE_ACCOUNT_FAILURES wrong ones within the
 * lockout window every check of that purpose answers 429 locked, the right code too (other purposes go
 * on working), and after DAILY_LOCKOUTS such lockouts within a day, 429 locked_day.
 */
export async function consumeCode(
  ctx: AppContext,
  userId: string,
  purpose: CodePurpose,
  code: string,
  /** Where the try comes from: the public reset code counts per account and address (issue 34). */
  meta?: RequestMeta,
) {
  const account = codeKey(userId, purpose, purpose === 'password-reset' ? meta?.ip : undefined);
  const attempt = await takeAttempt(ctx.db, [account]);
  if (attempt.locked) throw lockedError(attempt);
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await findNewestUnusedCode(tx, userId, purpose);
    if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= CODE_MAX_ATTEMPTS) return undefined;
    const expected = Buffer.from(row.codeHash, 'hex');
    const actual = Buffer.from(hashCode(ctx.codeKey, purpose, code), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      const attempts = row.attempts + 1;
      await updateCode(tx, row.id, { attempts, usedAt: attempts >= CODE_MAX_ATTEMPTS ? new Date() : null });
      return undefined;
    }
    await updateCode(tx, row.id, { usedAt: new Date() });
    return { destination: row.destination };
  });
  if (!outcome) throw Errors.codeInvalid();
  await attempt.succeeded();
  await clearFailures(ctx.db, account.key);
  return outcome;
}

export type LimitKey = {
  key: string;
  limit: number;
  /** Failures within DAILY_WINDOW_MS that lock the key until they age out (escalating lockout). */
  daily?: number;
};

export const accountKey = (username: string): LimitKey => ({
  key: `login:${username}`,
  limit: ACCOUNT_FAILURE_LIMIT,
});
export const addressKey = (ip: string): LimitKey => ({
  key: `login-ip:${clientKeyOf(ip)}`,
  limit: ADDRESS_FAILURE_LIMIT,
});
/** Wrong codes of one purpose for one account, and with `ip` from one client address only. */
export const codeKey = (userId: string, purpose: CodePurpose, ip?: string): LimitKey => ({
  key: ip ? `code:${purpose}:${userId}:${clientKeyOf(ip)}` : `code:${purpose}:${userId}`,
  limit: CODE_ACCOUNT_FAILURES,
  daily: CODE_ACCOUNT_FAILURES * DAILY_LOCKOUTS,
});
export const totpKey = (userId: string): LimitKey => ({
  key: `totp:${userId}`,
  limit: ACCOUNT_FAILURE_LIMIT,
  daily: ACCOUNT_FAILURE_LIMIT * DAILY_LOCKOUTS,
});

export type Attempt =
  | {
      locked: LimitKey;
      /** Locked by the key's daily cap, not only its 15-minute window. */
      daily: boolean;
    }
  | {
      locked: undefined;
      /** Whether this failure is the one that reached the key's limit (the lockout starts: audit it once). */
      reachesLimit: (key: LimitKey) => boolean;
      /** The attempt succeeded: it no longer counts as a failure. */
      succeeded: () => Promise<void>;
    };

/**
 * Takes one sign-in attempt against `keys` (issue 11: atomic lockouts). Locked when a key has reached its
 * limit within the last 15 minutes, or its daily cap within the last 24 hours; otherwise the attempt already counts as a failure (so parallel
 * attempts past the limit are refused), until `succeeded()` takes it back.
 */
export async function takeAttempt(db: DbOrTx, keys: LimitKey[]): Promise<Attempt> {
  const now = Date.now();
  const taken = await takeAttemptRows(
    db,
    keys,
    new Date(now - LOCKOUT_WINDOW_MS),
    new Date(now - DAILY_WINDOW_MS),
  );
  if ('lockedAt' in taken) return { locked: keys[taken.lockedAt] as LimitKey, daily: taken.daily };
  return {
    locked: undefined,
    reachesLimit: (key) => taken.counts[keys.indexOf(key)] === key.limit,
    succeeded: () => deleteFailures(db, taken.ids),
  };
}

/** The refusal of a locked attempt: the 15-minute lockout, or the daily one. */
export function lockedError(attempt: { daily: boolean }) {
  return attempt.daily ? Errors.lockedDay() : Errors.locked();
}

/**
 * A revocation is kept this long after its token expired: an impersonation follows the support person's
 * session through these rows (renewals and the sign-out that ends it), and lives up to an hour after the
 * token its access code was generated with expired (issue 34).
 */
export const REVOCATION_KEPT_MS = (IMPERSONATION_SECONDS + ACCESS_CODE_SECONDS) * 1000;

/** Drops revocations no session can depend on any more and failures older than the daily lockout window. */
export async function purgeExpired(db: DbOrTx, now = new Date()): Promise<void> {
  await deleteExpiredRevocations(db, new Date(now.getTime() - REVOCATION_KEPT_MS));
  await deleteOldFailures(db, new Date(now.getTime() - DAILY_WINDOW_MS));
}
