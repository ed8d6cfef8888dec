import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';

/** The activity-log action of a registration notice sent to an organization's administrators. */
export const REGISTRATION_NOTICE_ACTION = 'register.notice';

/**
 * Serializes the decision to send registration notices until the transaction ends, so two registrations at
 * once cannot both pass the last free place of a limit (registrations are rare: one lock for all is enough).
 */
export async function lockRegistrationNotices(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('register.notice', 0))`);
}

/**
 * Registration notices recorded since `since`: those to this organization, and those asked by this client
 * (`client`: its rate-limit key, an IPv6 client by its /64, stored in the entry's detail).
 */
export async function countRegistrationNotices(
  db: DbOrTx,
  organizationId: string,
  client: string,
  since: Date,
): Promise<{ organization: number; address: number }> {
  const { rows } = await db.execute<{ organization: number; address: number }>(sql`
    select count(*) filter (where organization_id = ${organizationId}::uuid)::int as organization,
      count(*) filter (where detail->>'client' = ${client})::int as address
    from audit_log
    where action = ${REGISTRATION_NOTICE_ACTION} and at > ${since.toISOString()}::timestamptz
      and (organization_id = ${organizationId}::uuid or detail->>'client' = ${client})`);
  return rows[0] ?? { organization: 0, address: 0 };
}

/** The activity-log action of a pending registration removed because nobody approved it in time. */
export const REGISTRATION_EXPIRED_ACTION = 'register.expired';

/**
 * Removes the registrations still waiting for approval that were made before `before`, and records each in
 * its organization's activity log, in one statement; answers how many.
 */
export async function deletePendingBefore(db: DbOrTx, before: Date, now: Date): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    with gone as (
      delete from users where status = 'pending' and created_at < ${before.toISOString()}::timestamptz
      returning id, organization_id, username, created_at
    ), logged as (
      insert into audit_log (at, organization_id, action, target, detail)
      select ${now.toISOString()}::timestamptz, organization_id, ${REGISTRATION_EXPIRED_ACTION}, username,
        jsonb_build_object('userId', id, 'registeredAt', created_at)
      from gone
      returning 1
    )
    select count(*)::int as n from logged`);
  return rows[0]?.n ?? 0;
}
