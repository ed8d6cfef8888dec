import type { ImpersonationSession } from '@vnoc/contracts';
import { actorOf, audit, insertAudit } from '../../auth/audit.ts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import { languageOf } from '../../notifications/profile.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { supportSessionNoticeText } from './present.ts';
import { findNamedPeople, listActiveAdmins } from './repository-admin.ts';
import { revokeNow } from './repository-security.ts';

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

/** GET access/impersonation (issue 37): the caller's support session, for the console's banner; 404 outside one. */
export async function impersonationSession(
  ctx: AppContext,
  auth: AuthContext,
): Promise<ImpersonationSession> {
  const support = auth.impersonator;
  const ends = auth.claims.impersonationEnds;
  if (!support || ends === undefined) throw Errors.notFound();
  const people = await findNamedPeople(ctx.db, [auth.user.id, support.id]);
  const named = (id: string) => {
    const person = people.find((p) => p.id === id);
    if (!person) throw Errors.unauthorized();
    return { id, name: person.name, email: person.username };
  };
  return {
    user: named(auth.user.id),
    organization: { id: auth.user.organization.id, name: auth.user.organization.name },
    support: named(support.id),
    endsAt: new Date(ends * 1000).toISOString(),
  };
}

/**
 * DELETE access/impersonation (issue 37): the support person ends the session. Its record is revoked, so every
 * token of the impersonation (renewals, other tabs) is refused from now on; 404 outside a support session.
 */
export async function endImpersonation(ctx: AppContext, auth: AuthContext, meta: RequestMeta): Promise<void> {
  const record = auth.claims.impersonatorSession;
  if (!auth.impersonator || !record) throw Errors.notFound();
  const ends = new Date((auth.claims.impersonationEnds ?? auth.exp) * 1000);
  await revokeNow(ctx.db, record, ends);
  await revokeNow(ctx.db, auth.jti, new Date(auth.exp * 1000));
  await audit(ctx.db, { action: 'impersonation.end', ...actorOf(auth, meta), target: auth.user.username });
}

/**
 * Tells the organization's active administrators, each in their language, that a support person began acting
 * as one of its people (issue 37). The session goes on if a notice cannot be sent (it is logged).
 */
export async function tellAdministrators(
  ctx: AppContext,
  user: UserWithOrg,
  support: { id: string },
  when: { startedAt: Date; endsAt: Date },
): Promise<void> {
  const admins = await listActiveAdmins(ctx.db, user.organizationId);
  const people = await findNamedPeople(ctx.db, [user.id, support.id, ...admins.map((a) => a.id)]);
  const nameOf = (id: string) => people.find((p) => p.id === id)?.name ?? '';
  const session = {
    support: nameOf(support.id),
    user: nameOf(user.id),
    userEmail: user.username,
    organization: user.organization.name,
    ...when,
  };
  for (const admin of people.filter((p) => admins.some((a) => a.id === p.id))) {
    const text = supportSessionNoticeText(languageOf(admin.language), session);
    await ctx
      .deliver({ channel: 'email', to: admin.username, subject: text.subject, body: text.body })
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'support session notice not delivered'));
  }
}
