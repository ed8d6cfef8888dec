import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';

/** The person's stored profile (raw JSON), or undefined when they never saved one. */
export async function findStoredProfile(db: DbOrTx, userId: string): Promise<unknown> {
  const { rows } = await db.execute<{ profile: unknown }>(
    sql`select profile from notification_profiles where user_id = ${userId}`,
  );
  return rows[0]?.profile;
}

export async function upsertProfile(db: DbOrTx, userId: string, profile: Record<string, unknown>, now: Date) {
  await db.execute(sql`
    insert into notification_profiles (user_id, profile, updated_at)
    values (${userId}, ${JSON.stringify(profile)}::jsonb, ${now.toISOString()}::timestamptz)
    on conflict (user_id) do update set profile = excluded.profile, updated_at = excluded.updated_at`);
}
