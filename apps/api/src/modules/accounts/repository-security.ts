import { and, count, desc, eq, gt, inArray, isNull, like, lt, or, sql } from 'drizzle-orm';
import { loginFailures, revokedTokens, verificationCodes } from '../../db/schema.ts';
import type { DbOrTx } from '../../plugins/db.ts';

export async function countFailuresSince(db: DbOrTx, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)));
  return row?.n ?? 0;
}

/**
 * One attempt against `keys`, decided atomically: under a per-key transaction lock (so parallel attempts
 * queue instead of all reading the same count), the failures of each key since `since` (and, for a key with
 * a daily cap, since `daySince`) are counted; when one has reached its limit nothing is written and its
 * index answers. Otherwise the attempt is written as a failure now (it un-counts itself on success) and
 * the counts including it answer.
 */
export async function takeAttempt(
  db: DbOrTx,
  keys: { key: string; limit: number; daily?: number }[],
  since: Date,
  daySince: Date,
): Promise<{ lockedAt: number; daily: boolean } | { ids: number[]; counts: number[] }> {
  return db.transaction(async (tx) => {
    // In one order, so two attempts over the same keys cannot wait on each other.
    for (const key of [...new Set(keys.map((k) => k.key))].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`failures:${key}`}, 0))`);
    }
    const counts: number[] = [];
    for (const [i, k] of keys.entries()) {
      const n = await countFailuresSince(tx, k.key, since);
      if (n >= k.limit) return { lockedAt: i, daily: false };
      if (k.daily !== undefined && (await countFailuresSince(tx, k.key, daySince)) >= k.daily)
        return { lockedAt: i, daily: true };
      counts.push(n + 1);
    }
    const rows = await tx
      .insert(loginFailures)
      .values(keys.map((k) => ({ key: k.key })))
      .returning({ id: loginFailures.id });
    return { ids: rows.map((r) => r.id), counts };
  });
}

export async function deleteFailures(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(loginFailures).where(inArray(loginFailures.id, ids));
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** Drops the code-entry failures of a person (authenticator and sent codes of every purpose and address). */
export async function clearCodeFailures(db: DbOrTx, userId: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      or(
        eq(loginFailures.key, `totp:${userId}`),
        like(loginFailures.key, `code:%:${userId}`),
        like(loginFailures.key, `code:%:${userId}:%`),
      ),
    );
}

export async function deleteOldFailures(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, before));
}

/** Revokes a jti; false when it was revoked already (which makes access codes single use). */
/**
 * Revokes a token (or marks a single-use one used): from now, or from `effectiveAt` for a renewed one
 * (`renewedTo`: the token that renewed it); false when it already was.
 */
export async function revokeToken(
  db: DbOrTx,
  jti: string,
  expiresAt: Date,
  renewal?: { effectiveAt: Date; renewedTo: string },
): Promise<boolean> {
  const rows = await db
    .insert(revokedTokens)
    .values({ jti, expiresAt, ...renewal })
    .onConflictDoNothing()
    .returning({ jti: revokedTokens.jti });
  return rows.length === 1;
}

/** Signs a token out now, also one renewed moments ago (its grace ends, and its session with it). */
export async function revokeNow(db: DbOrTx, jti: string, expiresAt: Date): Promise<void> {
  await db
    .insert(revokedTokens)
    .values({ jti, expiresAt })
    .onConflictDoUpdate({
      target: revokedTokens.jti,
      set: { effectiveAt: sql`least(${revokedTokens.effectiveAt}, now())`, renewedTo: null },
    });
}

export async function deleteExpiredRevocations(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
}

export type CodeRow = typeof verificationCodes.$inferSelect;

/**
 * Stores a new code and retires the older unused ones of the same purpose (only the newest is valid);
 * returns the new code's id.
 */
export async function insertCode(db: DbOrTx, code: typeof verificationCodes.$inferInsert): Promise<string> {
  await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, code.userId),
        eq(verificationCodes.purpose, code.purpose),
        isNull(verificationCodes.usedAt),
      ),
    );
  const [row] = await db.insert(verificationCodes).values(code).returning({ id: verificationCodes.id });
  if (!row) throw new Error('insert verification_codes returned nothing');
  return row.id;
}

export async function findNewestUnusedCode(
  db: DbOrTx,
  userId: string,
  purpose: string,
): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function updateCode(db: DbOrTx, id: string, patch: Partial<CodeRow>): Promise<void> {
  await db.update(verificationCodes).set(patch).where(eq(verificationCodes.id, id));
}
