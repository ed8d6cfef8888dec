import {
  ACTION_CONFLICT_MESSAGES,
  type ActionCallMap,
  actionRefusal,
  actionRefusalCause,
  BATCH_MAX_DEVICES,
  type Batch,
  CONFIRM_PORTS_MESSAGES,
  type DeviceDriver,
  type DeviceKind,
  type DiagnosticAction,
  DiagnosticActionSchema,
  ErrorIds,
  type Job,
  type PortsResult,
  RECENT_BATCHES,
  type RecentBatch,
} from '@vnoc/contracts';
import { actorOf, audit } from '../../auth/audit.ts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { Errors } from '../../errors.ts';
import * as queue from '../../fleet/jobs/queue.ts';
import { validateActionParams } from '../../fleet/simulator/actions/index.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { type Scope, scopeOf } from '../../sql/scope.ts';
import { isUuid } from '../../sql/text.ts';
import { scopedDevice } from '../devices/service.ts';
import { presentBatch, presentJob, presentRecentBatch } from './present.ts';
import type { JobRow } from './repository.ts';
import * as repo from './repository.ts';

/** Runs in the device's history, newest first. */
export const HISTORY_LIMIT = 50;

/** Refuses (400) an action the device cannot carry out: its driver does not, or its kind is not offered it. */
function refuseUnsupported(
  device: { kind: DeviceKind; driver: DeviceDriver },
  action: DiagnosticAction,
): void {
  const cause = actionRefusalCause(device, action);
  const message = actionRefusal(device, action);
  if (cause && message) throw Errors.unsupportedAction(cause, message);
}

/**
 * A troubleshooting call: refuses an action the device cannot carry out — its driver takes no such command
 * (an OpenWISP device takes none) or its kind is not offered it — (400, no job), checks the
 * inputs against the device (bad input → 400, no job), refuses a
 * second run of the same action while one is queued or running (409; a device rebooting refuses a
 * reboot), queues the job — in the console's batch when it names one — and answers it at once.
 */
export async function runTroubleshooting<A extends DiagnosticAction>(
  ctx: AppContext,
  auth: AuthContext,
  action: A,
  deviceId: string,
  body: ActionCallMap[A],
  meta: RequestMeta,
): Promise<Job> {
  const { user } = auth;
  const { device } = await scopedDevice(ctx, user, deviceId);
  const { batchId, ...input } = body;
  // What the device can do (contracts' deviceCapabilities, answered with the device; the console offers the same).
  refuseUnsupported(device, action);
  const params = validateActionParams(
    {
      id: device.id,
      kind: device.kind,
      model: device.model,
      status: device.status,
      vlans: device.vlans,
      portMapping: device.port_mapping,
      disabledPorts: device.disabled_ports,
    },
    action,
    input,
  );
  if (action === 'reboot' && device.status === 'rebooting')
    throw Errors.conflict(ErrorIds.alreadyRebooting, ACTION_CONFLICT_MESSAGES.alreadyRebooting);

  const job = await ctx.db.transaction(async (tx) => {
    if (batchId) {
      const batch = await repo.ensureBatch(tx, {
        id: batchId,
        organizationId: user.organizationId,
        action,
        requestedBy: user.id,
      });
      if (batch.organization_id !== user.organizationId) throw Errors.notFound();
      if (batch.action !== action)
        throw Errors.conflict(ErrorIds.batchAction, ACTION_CONFLICT_MESSAGES.batchAction);
      if ((await repo.lockBatchSize(tx, batchId)) >= BATCH_MAX_DEVICES)
        throw Errors.conflict(ErrorIds.batchFull, ACTION_CONFLICT_MESSAGES.batchFull);
    }
    const queued = await queue.enqueueUnlessActive(tx, {
      organizationId: user.organizationId,
      deviceId: device.id,
      action,
      params: params as Record<string, unknown>,
      requestedBy: user.id,
      ...(batchId ? { batchId } : {}),
    });
    if (!queued)
      throw action === 'reboot'
        ? Errors.conflict(ErrorIds.alreadyRebooting, ACTION_CONFLICT_MESSAGES.alreadyRebooting)
        : Errors.conflict(ErrorIds.alreadyRunning, ACTION_CONFLICT_MESSAGES.alreadyRunning);
    return queued;
  });
  ctx.jobs.wake();
  ctx.jobs.changed([{ id: job.id, state: job.state }]);
  await audit(ctx.db, {
    action: `device.troubleshooting.${action}`,
    user,
    impersonatorId: auth.impersonator?.id,
    target: device.id,
    detail: { jobId: job.id, ...(batchId ? { batchId } : {}), params },
    meta,
  });
  return getJob(ctx, user, job.id);
}

/**
 * Whether the device's ports wait for their automatic revert at `now`: its latest port job (not failed nor
 * cancelled) is a port disable that succeeded with a `revertAt` still ahead, and ports are still off.
 */
function revertPending(latest: JobRow | undefined, disabledPorts: readonly number[], now: number): boolean {
  if (latest?.action !== 'disableLanPorts' || latest.state !== 'succeeded') return false;
  const revertAt = (latest.result as PortsResult | null)?.revertAt;
  return revertAt !== undefined && Date.parse(revertAt) > now && disabledPorts.length > 0;
}

/**
 * POST device/troubleshooting/confirmLanPorts/{id}: keeps off the ports a real device disabled — the device
 * cancels its automatic revert (docs/device-protocol.md, section 4, `confirmLanPorts`). A job like the
 * console's actions, answered at once and followed the same way, so it shows in the run history. Refused
 * (400) for a device not offered port actions, and (409, nothing queued) for a simulated device, which keeps ports off until they are reverted, while a
 * confirmation already runs, and when no revert is pending.
 */
export async function confirmLanPorts(
  ctx: AppContext,
  auth: AuthContext,
  deviceId: string,
  meta: RequestMeta,
): Promise<Job> {
  const { user } = auth;
  const { scope, device } = await scopedDevice(ctx, user, deviceId);
  // A device that cannot turn ports off has none to keep off (an OpenWISP device, an access point): 400.
  refuseUnsupported(device, 'disableLanPorts');
  if (device.driver === 'simulator')
    throw Errors.conflict(ErrorIds.portsStayOff, CONFIRM_PORTS_MESSAGES.simulated);
  const latest = await repo.latestPortJob(ctx.db, scope, device.id);
  if (latest?.action === 'confirmLanPorts' && latest.state !== 'succeeded')
    throw Errors.conflict(ErrorIds.alreadyRunning, ACTION_CONFLICT_MESSAGES.alreadyRunning);
  if (!revertPending(latest, device.disabled_ports, ctx.now().getTime()))
    throw Errors.conflict(ErrorIds.noPortsPending, CONFIRM_PORTS_MESSAGES.nothingPending);
  const job = await queue.enqueueUnlessActive(ctx.db, {
    organizationId: user.organizationId,
    deviceId: device.id,
    action: 'confirmLanPorts',
    params: {},
    requestedBy: user.id,
  });
  if (!job) throw Errors.conflict(ErrorIds.alreadyRunning, ACTION_CONFLICT_MESSAGES.alreadyRunning);
  ctx.jobs.wake();
  ctx.jobs.changed([{ id: job.id, state: job.state }]);
  await audit(ctx.db, {
    action: 'device.troubleshooting.confirmLanPorts',
    ...actorOf(auth, meta),
    target: device.id,
    detail: { jobId: job.id, disableJobId: latest?.id ?? null },
  });
  return getJob(ctx, user, job.id);
}

/** POST device/troubleshooting/future/{id}: the job's state, and its result once it succeeded. */
export async function getJob(ctx: AppContext, user: UserWithOrg, jobId: string): Promise<Job> {
  if (!isUuid(jobId)) throw Errors.notFound();
  const row = await repo.findJob(ctx.db, await scopeOf(ctx.db, user), jobId);
  if (!row) throw Errors.notFound();
  return presentJob(row);
}

/** POST device/troubleshooting/future/multi/{uuid}: each device's job in the batch. */
export async function getBatch(ctx: AppContext, user: UserWithOrg, batchId: string): Promise<Batch> {
  if (!isUuid(batchId)) throw Errors.notFound();
  const batch = await repo.findBatch(ctx.db, batchId);
  if (!batch || batch.organization_id !== user.organizationId) throw Errors.notFound();
  const scope = await scopeOf(ctx.db, user);
  const [rows, devices] = await Promise.all([
    repo.listBatchJobs(ctx.db, scope, batchId),
    repo.listBatchDevices(ctx.db, scope, batchId),
  ]);
  return presentBatch(batchId, DiagnosticActionSchema.parse(batch.action), rows, devices);
}

/** GET device/troubleshooting/batches: the caller's latest batches, newest first, to reopen their results. */
export async function recentBatches(ctx: AppContext, user: UserWithOrg): Promise<RecentBatch[]> {
  const rows = await repo.listRecentBatches(ctx.db, await scopeOf(ctx.db, user), user.id, RECENT_BATCHES);
  return rows.map(presentRecentBatch);
}

/** DELETE device/troubleshooting/future/multi/{uuid}: cancels the batch's queued jobs; running ones finish. */
export async function cancelBatch(
  ctx: AppContext,
  auth: AuthContext,
  batchId: string,
  meta: RequestMeta,
): Promise<Batch> {
  if (!isUuid(batchId)) throw Errors.notFound();
  // Only the jobs on devices the caller sees: a user restricted to site groups cancels nothing elsewhere.
  const cancelled = await queue.cancelBatch(
    ctx.db,
    batchId,
    auth.user.organizationId,
    repo.devicesInScope(await scopeOf(ctx.db, auth.user)),
  );
  if (!cancelled) throw Errors.notFound();
  await audit(ctx.db, {
    action: 'device.troubleshooting.cancel',
    ...actorOf(auth, meta),
    target: batchId,
    detail: { ...cancelled },
  });
  const report = await getBatch(ctx, auth.user, batchId);
  if (cancelled.cancelled > 0)
    ctx.jobs.changed(
      report.jobs
        .filter((j) => j.state === 'cancelled')
        .map((j) => ({ id: j.id, state: 'cancelled' as const })),
    );
  return report;
}

/** GET device/{id}/troubleshooting: the device's runs, newest first. */
export async function deviceHistory(ctx: AppContext, user: UserWithOrg, deviceId: string): Promise<Job[]> {
  const { scope, device } = await scopedDevice(ctx, user, deviceId);
  const rows = await repo.listDeviceJobs(ctx.db, scope, device.id, HISTORY_LIMIT);
  return rows.map(presentJob);
}

/** The ids of the device's latest finished run of each action, newest first: what a new ticket carries. */
export async function latestFinishedJobIds(db: DbOrTx, scope: Scope, deviceId: string): Promise<string[]> {
  return (await repo.latestFinishedJobs(db, scope, deviceId)).map((job) => job.id);
}

/** The jobs of these ids the scope sees, as the console shows them (a ticket's diagnostics). */
export async function jobsOf(db: DbOrTx, scope: Scope, ids: readonly string[]): Promise<Job[]> {
  return (await repo.jobsByIds(db, scope, ids)).map(presentJob);
}
