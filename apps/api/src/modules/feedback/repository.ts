import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { personName } from '../../sql/names.ts';

export type FeedbackRow = {
  id: string;
  message: string;
  page: string | null;
  created_at: Date;
  organization_id: string;
  organization_name: string;
  user_id: string | null;
  username: string | null;
  person_name: string | null;
  total: number;
};

export async function insertFeedback(
  db: DbOrTx,
  note: { organizationId: string; userId: string; message: string; page: string | null },
): Promise<{ id: string; created_at: Date }> {
  const { rows } = await db.execute<{ id: string; created_at: Date }>(sql`
    insert into feedback (organization_id, user_id, message, page)
    values (${note.organizationId}, ${note.userId}, ${note.message}, ${note.page})
    returning id, created_at`);
  const row = rows[0];
  if (!row) throw new Error('feedback insert returned no row');
  return row;
}

/** Every organization's feedback, newest first, with its person and organization (the provider's reading). */
export async function listFeedback(
  db: DbOrTx,
  query: { page: number; pageSize: number },
): Promise<FeedbackRow[]> {
  const { rows } = await db.execute<FeedbackRow>(sql`
    select f.id, f.message, f.page, f.created_at, f.organization_id, o.name as organization_name,
           f.user_id, u.username, ${personName(sql`u`, sql`ct`)} as person_name, count(*) over ()::int as total
      from feedback f
      join organizations o on o.id = f.organization_id
      left join users u on u.id = f.user_id
      left join contacts ct on ct.user_id = f.user_id
     order by f.created_at desc, f.id
     limit ${query.pageSize} offset ${query.page * query.pageSize}`);
  return rows;
}
