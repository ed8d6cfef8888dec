/** Scheduled reports' rows (`report_subscriptions`): a person's own, and the due ones the scheduler claims. */
import type { ReportFrequency, ReportId } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../plugins/db.ts';

export type SubscriptionRow = {
  id: string;
  organization_id: string;
  user_id: string;
  report: ReportId;
  frequency: ReportFrequency;
  filters: Record<string, unknown>;
  next_run_at: Date;
  last_run_at: Date | null;
  created_at: Date;
};

export async function listSubscriptions(db: DbOrTx, userId: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.execute<SubscriptionRow>(sql`
    select * from report_subscriptions where user_id = ${userId} order by created_at, id`);
  return rows;
}

export async function countSubscriptions(db: DbOrTx, userId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from report_subscriptions where user_id = ${userId}`,
  );
  return rows[0]?.n ?? 0;
}

export async function insertSubscription(
  db: DbOrTx,
  s: {
    organizationId: string;
    userId: string;
    report: ReportId;
    frequency: ReportFrequency;
    filters: Record<string, unknown>;
    nextRunAt: Date;
  },
): Promise<SubscriptionRow> {
  const { rows } = await db.execute<SubscriptionRow>(sql`
    insert into report_subscriptions (organization_id, user_id, report, frequency, filters, next_run_at)
    values (${s.organizationId}, ${s.userId}, ${s.report}, ${s.frequency}, ${JSON.stringify(s.filters)}::jsonb,
      ${s.nextRunAt.toISOString()}::timestamptz)
    returning *`);
  return rows[0] as SubscriptionRow;
}

/** Deletes the user's own subscription; false when there is none with that id. */
export async function deleteSubscription(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`delete from report_subscriptions where id = ${id} and user_id = ${userId} returning id`,
  );
  return rows.length > 0;
}

/** The oldest due subscription nobody else holds, locked until the transaction ends (FOR UPDATE SKIP LOCKED). */
export async function claimDue(tx: DbOrTx, now: Date): Promise<SubscriptionRow | undefined> {
  const { rows } = await tx.execute<SubscriptionRow>(sql`
    select * from report_subscriptions where next_run_at <= ${now.toISOString()}::timestamptz
    order by next_run_at, id limit 1 for update skip locked`);
  return rows[0];
}

export async function markRun(tx: DbOrTx, id: string, nextRunAt: Date, ranAt: Date | null): Promise<void> {
  await tx.execute(sql`
    update report_subscriptions set next_run_at = ${nextRunAt.toISOString()}::timestamptz,
      last_run_at = coalesce(${ranAt?.toISOString() ?? null}::timestamptz, last_run_at)
    where id = ${id}`);
}
