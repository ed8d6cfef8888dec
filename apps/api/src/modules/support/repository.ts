import type { SupportPeopleQuery } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { containsPattern } from '../../sql/text.ts';

export type SupportPersonRow = {
  id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  role: 'ADMINISTRATOR' | 'USER' | 'READ_ONLY' | 'SUPPORT';
  status: 'active' | 'pending' | 'deactivated';
  last_sign_in_at: string | null;
  organization_id: string;
  organization_name: string;
  support_access: boolean;
  total: number;
};

/**
 * People of customer organizations (never the provider's own staff) whose email, name or organization
 * contains `q`, by organization then name, with the total of matches on every row.
 */
export async function findSupportPeople(db: DbOrTx, query: SupportPeopleQuery): Promise<SupportPersonRow[]> {
  const pattern = query.q ? containsPattern(query.q.toLowerCase()) : null;
  const { rows } = await db.execute<SupportPersonRow>(sql`
    select u.id, u.username, c.first_name, c.last_name, u.role, u.status, u.last_sign_in_at,
           o.id as organization_id, o.name as organization_name, o.support_access,
           count(*) over ()::int as total
      from users u
      join organizations o on o.id = u.organization_id
      left join contacts c on c.user_id = u.id
     where o.kind = 'customer' and u.role <> 'SUPPORT'
       and (${pattern}::text is null
            or u.username ilike ${pattern}
            or o.name ilike ${pattern}
            or (coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) ilike ${pattern})
     order by lower(o.name), lower(c.last_name), lower(c.first_name), u.username
     limit ${query.pageSize} offset ${query.page * query.pageSize}`);
  return rows;
}
