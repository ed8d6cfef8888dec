import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Channel } from '@vnoc/contracts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { Errors } from '../../errors.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import type { UserWithOrg } from '../users/repository.ts';
import {
  type AuditEntry,
  countFailuresSince,
  deleteExpiredRevocations,
  deleteOldFailures,
  findNewestUnusedCode,
  insertAudit,
  insertCode,
  insertFailures,
  updateCode,
} from './repository.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
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
 * exhausted codes throw code_invalid; a wrong try counts, and the 5th one retires the code.
 */
export async function consumeCode(ctx: AppContext, userId: string, purpose: CodePurpose, code: string) {
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
  return outcome;
}

export type LimitKey = { key: string; limit: number };

export const accountKey = (username: string): LimitKey => ({
  key: `login:${username}`,
  limit: ACCOUNT_FAILURE_LIMIT,
});
export const addressKey = (ip: string): LimitKey => ({ key: `login-ip:${ip}`, limit: ADDRESS_FAILURE_LIMIT });
export const totpKey = (userId: string): LimitKey => ({
  key: `totp:${userId}`,
  limit: ACCOUNT_FAILURE_LIMIT,
});

/** The first key that reached its failure limit within the last 15 minutes, if any. */
export async function lockedKey(db: DbOrTx, keys: LimitKey[]): Promise<LimitKey | undefined> {
  const since = new Date(Date.now() - LOCKOUT_WINDOW_MS);
  for (const k of keys) {
    if ((await countFailuresSince(db, k.key, since)) >= k.limit) return k;
  }
  return undefined;
}

export function recordFailures(db: DbOrTx, keys: LimitKey[]): Promise<void> {
  return insertFailures(
    db,
    keys.map((k) => k.key),
  );
}

export type AuditInput = {
  action: string;
  user?: Pick<UserWithOrg, 'id' | 'organizationId'>;
  impersonatorId?: string | null;
  target?: string;
  detail?: Record<string, unknown>;
  meta?: RequestMeta;
};

export function audit(db: DbOrTx, input: AuditInput): Promise<void> {
  const entry: AuditEntry = {
    action: input.action,
    actorUserId: input.user?.id ?? null,
    organizationId: input.user?.organizationId ?? null,
    impersonatorUserId: input.impersonatorId ?? null,
    target: input.target ?? null,
    detail: input.detail ?? null,
    ip: input.meta?.ip ?? null,
  };
  return insertAudit(db, entry);
}

/** Drops revocations of tokens that expired anyway and failures older than the lockout window. */
export async function purgeExpired(db: DbOrTx, now = new Date()): Promise<void> {
  await deleteExpiredRevocations(db, now);
  await deleteOldFailures(db, new Date(now.getTime() - LOCKOUT_WINDOW_MS));
}
