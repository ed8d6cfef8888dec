import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/plugins/db.ts';
import { createOrganization } from './factories.ts';
import { createTestDatabase } from './helpers.ts';

// org_alert_counts (migrations 0009, 0022) is kept by triggers on `alerts`; it must equal a live count after every
// kind of write, whoever makes it.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let orgA: string;
let orgB: string;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  orgA = (await createOrganization(db, { name: 'Counts A' })).id;
  orgB = (await createOrganization(db, { name: 'Counts B' })).id;
});
afterAll(() => database.drop());

type CountRow = { organization_id: string; state: string; severity: string; code: string; n: number };

async function kept(): Promise<CountRow[]> {
  const { rows } = await db.execute<CountRow>(sql`
    select organization_id, state, severity, code, n from org_alert_counts
    where n <> 0 order by organization_id, state, severity, code`);
  return rows;
}
async function live(): Promise<CountRow[]> {
  const { rows } = await db.execute<CountRow>(sql`
    select organization_id, state, severity, code, count(*)::int as n from alerts where root_alert_id is null
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  return rows;
}

async function insert(
  org: string,
  severity: string,
  n: number,
  state = 'active',
  code = 'regional_outage',
): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into alerts (organization_id, region, code, severity, state, raised_at, last_seen_at)
    select ${org}, 'R' || g, ${code}, ${severity}, ${state}, now(), now() from generate_series(1, ${n}) g
    returning id`);
  return rows.map((r) => r.id);
}

describe('org_alert_counts', () => {
  it('equals a live count of root alerts by organization, state, severity and code after every kind of write', async () => {
    const critical = await insert(orgA, 'critical', 5);
    const minor = await insert(orgA, 'minor', 3, 'cleared');
    await insert(orgB, 'major', 2);
    await insert(orgB, 'major', 4, 'active', 'site_offline');
    expect(await kept()).toEqual(await live());
    expect((await kept()).find((r) => r.organization_id === orgA && r.severity === 'critical')?.n).toBe(5);

    // State changes in one statement, both ways.
    await db.execute(
      sql`update alerts set state = 'cleared' where id = any(${sql.param(critical.slice(0, 2))}::uuid[])`,
    );
    await db.execute(sql`update alerts set state = 'active' where id = ${minor[0]}`);
    expect(await kept()).toEqual(await live());

    // A root becoming a dependent leaves the counts; detached, it comes back.
    await db.execute(sql`update alerts set root_alert_id = ${critical[4]} where id = ${critical[3]}`);
    expect(await kept()).toEqual(await live());
    await db.execute(sql`update alerts set root_alert_id = null where id = ${critical[3]}`);
    expect(await kept()).toEqual(await live());

    // Updates that change nothing counted write nothing.
    const before = await kept();
    await db.execute(sql`update alerts set last_seen_at = now(), acknowledged_at = now()`);
    expect(await kept()).toEqual(before);

    // Severity and code changes, and deletes.
    await db.execute(sql`update alerts set severity = 'info' where id = ${critical[2]}`);
    await db.execute(sql`update alerts set code = 'site_offline' where id = ${critical[1]}`);
    await db.execute(sql`delete from alerts where id = any(${sql.param(minor.slice(1))}::uuid[])`);
    expect(await kept()).toEqual(await live());

    // Several statements in one transaction, and a rollback that leaves no trace.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update alerts set state = 'cleared' where organization_id = ${orgB}`);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await kept()).toEqual(await live());

    await db.execute(sql`truncate alerts cascade`);
    expect(await kept()).toEqual([]);
    expect(await live()).toEqual([]);
  });
});
