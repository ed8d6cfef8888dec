import type { DiagnosticAction, JobAction, JobState } from '@vnoc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { deviceName, personName } from '../../sql/names.ts';
import { deviceInScope, type Scope } from '../../sql/scope.ts';

/** A job as the console reads it: with the name of who asked for it. */
export type JobRow = {
  id: string;
  device_id: string;
  batch_id: string | null;
  action: JobAction;
  params: Record<string, unknown>;
  state: JobState;
  result: unknown;
  error: string | null;
  requested_by: string;
  requested_by_name: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
};

/**
 * Jobs on devices of the scope (organization and site groups), joined with who asked; `distinct` is a
 * `distinct on (…)` clause.
 */
function selectJobs(scope: Scope, where: SQL, tail: SQL = sql``, distinct: SQL = sql``): SQL {
  return sql`
    select ${distinct} j.id, j.device_id, j.batch_id, j.action, j.params, j.state, j.result, j.error, j.requested_by,
      ${personName()} as requested_by_name, j.created_at, j.started_at, j.finished_at
    from jobs j
    join devices d on d.id = j.device_id
    join sites s on s.id = d.site_id
    join users u on u.id = j.requested_by
    left join contacts c on c.user_id = u.id
    where j.organization_id = ${scope.organizationId} and ${deviceInScope(scope)} and ${where}
    ${tail}`;
}

/** The ids of the scope's devices, as a subquery. */
export const devicesInScope = (scope: Scope): SQL =>
  sql`select d.id from devices d join sites s on s.id = d.site_id where ${deviceInScope(scope)}`;

export async function findJob(db: DbOrTx, scope: Scope, jobId: string): Promise<JobRow | undefined> {
  const { rows } = await db.execute<JobRow>(selectJobs(scope, sql`j.id = ${jobId}`));
  return rows[0];
}

/** The device's runs, newest first. */
export async function listDeviceJobs(db: DbOrTx, scope: Scope, deviceId: string, limit: number) {
  const { rows } = await db.execute<JobRow>(
    selectJobs(
      scope,
      sql`j.device_id = ${deviceId}`,
      sql`order by j.created_at desc, j.id desc limit ${limit}`,
    ),
  );
  return rows;
}

/** A batch's jobs on devices of the scope, in the order they were queued. */
export async function listBatchJobs(db: DbOrTx, scope: Scope, batchId: string) {
  const { rows } = await db.execute<JobRow>(
    selectJobs(scope, sql`j.batch_id = ${batchId}`, sql`order by j.created_at, j.id`),
  );
  return rows;
}

/** A batch's devices in the scope, by name. */
export type BatchDeviceRow = {
  id: string;
  name: string;
  kind: string;
  mac_address: string;
  site_id: string;
  site_name: string;
};

export async function listBatchDevices(db: DbOrTx, scope: Scope, batchId: string): Promise<BatchDeviceRow[]> {
  const { rows } = await db.execute<BatchDeviceRow>(sql`
    select d.id, ${deviceName} as name, d.kind, d.mac_address, s.id as site_id, s.name as site_name
    from devices d join sites s on s.id = d.site_id
    where d.id in (select j.device_id from jobs j where j.batch_id = ${batchId}) and ${deviceInScope(scope)}
    order by 2, d.id`);
  return rows;
}

/** How many jobs a batch holds, with its row locked so that concurrent calls count one after another. */
export async function lockBatchSize(db: DbOrTx, batchId: string): Promise<number> {
  await db.execute(sql`select id from job_batches where id = ${batchId} for update`);
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from jobs where batch_id = ${batchId}`,
  );
  return rows[0]?.n ?? 0;
}

export type RecentBatchRow = {
  id: string;
  action: DiagnosticAction;
  created_at: Date | string;
  total: number;
} & Record<JobState, number>;

/**
 * The person's latest batches in the organization, newest first, their jobs counted within the scope; a
 * batch with no job on a device the person sees is left out.
 */
export async function listRecentBatches(
  db: DbOrTx,
  scope: Scope,
  userId: string,
  limit: number,
): Promise<RecentBatchRow[]> {
  const { rows } = await db.execute<RecentBatchRow>(sql`
    select b.id, b.action, b.created_at, count(j.id)::int as total,
      count(j.id) filter (where j.state = 'queued')::int as queued,
      count(j.id) filter (where j.state = 'running')::int as running,
      count(j.id) filter (where j.state = 'succeeded')::int as succeeded,
      count(j.id) filter (where j.state = 'failed')::int as failed,
      count(j.id) filter (where j.state = 'cancelled')::int as cancelled
    from job_batches b
    left join lateral (
      select j.id, j.state from jobs j join devices d on d.id = j.device_id join sites s on s.id = d.site_id
      where j.batch_id = b.id and ${deviceInScope(scope)}
    ) j on true
    where b.organization_id = ${scope.organizationId} and b.requested_by = ${userId}
    group by b.id
    having count(j.id) > 0
    order by b.created_at desc, b.id desc
    limit ${limit}`);
  return rows;
}

/**
 * The device's latest port job that did not fail nor was cancelled (disabling, reverting or confirming), in
 * the scope: whether an automatic revert is pending follows from it.
 */
export async function latestPortJob(db: DbOrTx, scope: Scope, deviceId: string): Promise<JobRow | undefined> {
  const { rows } = await db.execute<JobRow>(
    selectJobs(
      scope,
      sql`j.device_id = ${deviceId} and j.action in ('disableLanPorts', 'revertLanPorts', 'confirmLanPorts')
        and j.state in ('queued', 'running', 'succeeded')`,
      sql`order by j.created_at desc, j.id desc limit 1`,
    ),
  );
  return rows[0];
}

/**
 * The device's latest finished (succeeded or failed) run of each of the console's actions, newest first
 * (confirming ports is no diagnostic a ticket carries).
 */
export async function latestFinishedJobs(db: DbOrTx, scope: Scope, deviceId: string): Promise<JobRow[]> {
  const latest = selectJobs(
    scope,
    sql`j.device_id = ${deviceId} and j.state in ('succeeded', 'failed') and j.action <> 'confirmLanPorts'`,
    sql`order by j.action, j.finished_at desc, j.id desc`,
    sql`distinct on (j.action)`,
  );
  const { rows } = await db.execute<JobRow>(
    sql`select * from (${latest}) latest order by finished_at desc, id desc`,
  );
  return rows;
}

export async function jobsByIds(db: DbOrTx, scope: Scope, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<JobRow>(
    selectJobs(
      scope,
      sql`j.id = any(${`{${ids.join(',')}}`}::uuid[])`,
      sql`order by j.finished_at desc nulls last, j.id`,
    ),
  );
  return rows;
}

export type BatchRow = { id: string; organization_id: string; action: string };

/**
 * The batch with this id, created for the organization and action when there is none yet (the console
 * chooses batch ids). Answers the batch as stored — possibly another organization's or action's.
 */
export async function ensureBatch(
  db: DbOrTx,
  batch: { id: string; organizationId: string; action: string; requestedBy: string },
): Promise<BatchRow> {
  await db.execute(sql`
    insert into job_batches (id, organization_id, action, requested_by)
    values (${batch.id}, ${batch.organizationId}, ${batch.action}, ${batch.requestedBy})
    on conflict (id) do nothing`);
  const found = await findBatch(db, batch.id);
  if (!found) throw new Error('the batch was not stored');
  return found;
}

export async function findBatch(db: DbOrTx, id: string): Promise<BatchRow | undefined> {
  const { rows } = await db.execute<BatchRow>(
    sql`select id, organization_id, action from job_batches where id = ${id}`,
  );
  return rows[0];
}
