import { type Batch, type BatchDevice, type Job, type RecentBatch, summarizeJobs } from '@vnoc/contracts';
import { iso } from '../../http/iso.ts';
import type { BatchDeviceRow, JobRow, RecentBatchRow } from './repository.ts';

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

function presentBatchDevice(row: BatchDeviceRow): BatchDevice {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as BatchDevice['kind'],
    macAddress: row.mac_address,
    site: { id: row.site_id, name: row.site_name },
  };
}

export function presentBatch(
  batchId: string,
  action: Batch['action'],
  rows: JobRow[],
  devices: BatchDeviceRow[],
): Batch {
  const jobs = rows.map(presentJob);
  return { batchId, action, jobs, devices: devices.map(presentBatchDevice), summary: summarizeJobs(jobs) };
}

export function presentRecentBatch(row: RecentBatchRow): RecentBatch {
  const { total, queued, running, succeeded, failed, cancelled } = row;
  return {
    batchId: row.id,
    action: row.action,
    createdAt: iso(row.created_at) ?? '',
    summary: { total, queued, running, succeeded, failed, cancelled },
  };
}
