import { type Batch, type Job, summarizeJobs } from '@vnoc/contracts';
import { iso } from '../sites/present.ts';
import type { JobRow } from './repository.ts';

export function presentJob(row: JobRow): Job {
  return {
    id: row.id,
    deviceId: row.device_id,
    batchId: row.batch_id,
    action: row.action,
    params: row.params,
    state: row.state,
    result: row.state === 'succeeded' ? (row.result ?? null) : null,
    error: row.error,
    requestedBy: { id: row.requested_by, name: row.requested_by_name },
    createdAt: iso(row.created_at) ?? '',
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  } as Job;
}

export function presentBatch(batchId: string, action: Batch['action'], rows: JobRow[]): Batch {
  const jobs = rows.map(presentJob);
  return { batchId, action, jobs, summary: summarizeJobs(jobs) };
}
