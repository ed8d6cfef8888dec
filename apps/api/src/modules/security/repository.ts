import { and, count, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import { auditLog, loginFailures, revokedTokens, verificationCodes } from '../../db/schema.ts';
import type { DbOrTx } from '../../plugins/db.ts';

export async function countFailuresSince(db: DbOrTx, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)));
  return row?.n ?? 0;
}

export async function insertFailures(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.insert(loginFailures).values(keys.map((key) => ({ key })));
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

export async function deleteOldFailures(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, before));
}

/** Revokes a jti; false when it was revoked already (which makes access codes single use). */
export async function revokeToken(db: DbOrTx, jti: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(revokedTokens)
    .values({ jti, expiresAt })
    .onConflictDoNothing()
    .returning({ jti: revokedTokens.jti });
  return rows.length === 1;
}

export async function deleteExpiredRevocations(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
}

export type AuditEntry = typeof auditLog.$inferInsert;

export async function insertAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export type CodeRow = typeof verificationCodes.$inferSelect;

/** Stores a new code and retires the older unused ones of the same purpose (only the newest is valid). */
export async function insertCode(db: DbOrTx, code: typeof verificationCodes.$inferInsert): Promise<void> {
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
  await db.insert(verificationCodes).values(code);
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
