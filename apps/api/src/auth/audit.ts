import type { AuditAction } from '@vnoc/contracts';
import type { RequestMeta } from '../context.ts';
import { auditLog } from '../db/schema.ts';
import type { AuthContext } from '../plugins/auth.ts';
import type { DbOrTx } from '../plugins/db.ts';
import type { UserWithOrg } from './session-user.ts';

// The audit log is written by every module that changes something on a person's behalf, so it lives in the core.

export type AuditEntry = typeof auditLog.$inferInsert & { action: AuditAction };

export async function insertAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export type AuditInput = {
  action: AuditAction;
  user?: Pick<UserWithOrg, 'id' | 'organizationId'>;
  impersonatorId?: string | null;
  target?: string;
  /** The target's name now, kept for when it is gone (the log names it from its row while it exists). */
  targetName?: string;
  detail?: Record<string, unknown>;
  meta?: RequestMeta;
};

/** Who a signed-in request's entry names: the person, the support person acting as them if any, and the request. */
export const actorOf = (auth: Pick<AuthContext, 'user' | 'impersonator'>, meta: RequestMeta) => ({
  user: auth.user,
  impersonatorId: auth.impersonator?.id ?? null,
  meta,
});

/**
 * Writes one entry. Under impersonation it names the support person (from the request's meta when the
 * caller did not), with an API key the key (issue 38), and tells the request its act is logged, so the
 * generic `impersonated.request` or `apiKey.request` line is not written beside it (one row per act, issue 37).
 */
export async function audit(db: DbOrTx, input: AuditInput): Promise<void> {
  const impersonatorId = input.impersonatorId ?? input.meta?.impersonatorId ?? null;
  const apiKeyId = input.meta?.apiKeyId ?? null;
  const entry: AuditEntry = {
    action: input.action,
    actorUserId: input.user?.id ?? null,
    organizationId: input.user?.organizationId ?? null,
    impersonatorUserId: impersonatorId,
    apiKeyId,
    target: input.target ?? null,
    targetName: input.targetName ?? null,
    detail: input.detail ?? null,
    ip: input.meta?.ip ?? null,
  };
  await insertAudit(db, entry);
  if (impersonatorId || apiKeyId) input.meta?.recorded?.();
}
