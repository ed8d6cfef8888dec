import { insertAudit } from '../../auth/audit.ts';
import type { RequestMeta } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { DbOrTx } from '../../plugins/db.ts';

export const SUPPORT_ACCESS_OFF =
  'This organization has turned support access off. Ask one of its administrators to turn it on in Administration → Organization.';

/**
 * Refuses (403 support_access_off) acting as a person whose organization turned support access off, at
 * generation and at exchange; the refusal goes into that organization's activity log.
 */
export async function requireSupportAccess(
  db: DbOrTx,
  target: { username: string; organization: { id: string; supportAccess: boolean } },
  support: { id: string },
  stage: 'generate' | 'exchange',
  meta: RequestMeta,
): Promise<void> {
  if (target.organization.supportAccess) return;
  await insertAudit(db, {
    action: 'impersonation.refused',
    actorUserId: support.id,
    organizationId: target.organization.id,
    target: target.username,
    detail: { stage, reason: 'support access off' },
    ip: meta.ip,
  });
  throw new AppError(403, 'support_access_off', SUPPORT_ACCESS_OFF);
}
