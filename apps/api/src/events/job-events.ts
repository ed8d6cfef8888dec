import type { JobEvent } from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { JobChange } from '../fleet/jobs/worker.ts';
import type { DbOrTx } from '../plugins/db.ts';
import type { BusLog, EventBus } from './bus.ts';

type JobRow = {
  id: string;
  organization_id: string;
  site_id: string;
  device_id: string;
  batch_id: string | null;
  action: string;
};

/**
 * The job engine's `onChange` hook: publishes one `job.updated` per state change, in order. Changes that
 * arrive together (a claim, a batch, a reap, a job that ran at once) are completed in one query on the
 * next turn of the event loop with what does not change — organization, device and its site, batch,
 * action.
 */
export function jobEventPublisher(
  db: DbOrTx,
  bus: Pick<EventBus, 'publish'>,
  log: Pick<BusLog, 'warn'>,
): (changes: readonly JobChange[]) => void {
  let pending: { change: JobChange; at: string }[] = [];
  // One flush at a time, so events leave in the order the changes happened.
  let chain = Promise.resolve();

  async function flush(batch: { change: JobChange; at: string }[]): Promise<void> {
    const ids = [...new Set(batch.map((p) => p.change.id))];
    const { rows } = await db.execute<JobRow>(sql`
      select j.id, j.organization_id, d.site_id, j.device_id, j.batch_id, j.action
      from jobs j join devices d on d.id = j.device_id
      where j.id = any(${sql.param(ids)}::uuid[])`);
    const jobs = new Map(rows.map((r) => [r.id, r]));
    for (const { change, at } of batch) {
      const r = jobs.get(change.id);
      if (!r) continue;
      const event: JobEvent = {
        type: 'job.updated',
        jobId: r.id,
        siteId: r.site_id,
        deviceId: r.device_id,
        batchId: r.batch_id,
        action: r.action,
        state: change.state,
        at,
      };
      bus.publish(r.organization_id, event);
    }
  }

  return (changes) => {
    if (changes.length === 0) return;
    const at = new Date().toISOString();
    const first = pending.length === 0;
    for (const change of changes) pending.push({ change, at });
    if (!first) return;
    setImmediate(() => {
      const batch = pending;
      pending = [];
      chain = chain
        .then(() => flush(batch))
        .catch((err: unknown) => log.warn({ err }, 'publishing job events failed'));
    });
  };
}
