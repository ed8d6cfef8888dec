import type {
  Alert,
  Device,
  DeviceSearchQuery,
  DeviceTelemetry,
  Duration,
  EditDeviceNameRequest,
  EditPortNameRequest,
  StatusCounts,
  TimeseriesSample,
  Transaction,
} from '@vnoc/contracts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import { Errors } from '../../errors.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { searchText } from '../../sql/fleet-query.ts';
import { scopedList } from '../../sql/page-request.ts';
import { type Scope, scopeOf } from '../../sql/scope.ts';
import { isUuid } from '../../sql/text.ts';
import { alertsOf } from '../alerts/service.ts';
import {
  presentDevice,
  presentDeviceSummary,
  presentSample,
  presentTelemetry,
  presentTransactions,
} from './present.ts';
import * as repo from './repository.ts';

/** The device of the scope, or 404 (missing, malformed id, another organization's or outside the groups). */
export async function findDeviceInScope(db: DbOrTx, scope: Scope, id: string): Promise<repo.DeviceRow> {
  if (!isUuid(id)) throw Errors.notFound();
  const row = await repo.findDevice(db, scope, id);
  if (!row) throw Errors.notFound();
  return row;
}

/** The caller's scope and its device `id`, or 404 (as findDeviceInScope): what an action on one device starts from. */
export async function scopedDevice(ctx: AppContext, user: UserWithOrg, id: string) {
  const scope = await scopeOf(ctx.db, user);
  return { scope, device: await findDeviceInScope(ctx.db, scope, id) };
}

async function requireDevice(ctx: AppContext, user: UserWithOrg, id: string) {
  return (await scopedDevice(ctx, user, id)).device;
}

export async function getDevice(ctx: AppContext, user: UserWithOrg, id: string): Promise<Device> {
  return presentDevice(await requireDevice(ctx, user, id));
}

/** GET device/{id}/telemetry: what the device last reported (nulls for a simulated one or one never heard from). */
export async function getDeviceTelemetry(
  ctx: AppContext,
  user: UserWithOrg,
  id: string,
): Promise<DeviceTelemetry> {
  if (!isUuid(id)) throw Errors.notFound();
  const row = await repo.findTelemetry(ctx.db, await scopeOf(ctx.db, user), id);
  if (!row) throw Errors.notFound();
  return presentTelemetry(row, ctx.edge.ingest.malformedCount(id.toLowerCase()));
}

/** GET device/{id}/alerts: the device's alerts, the active ones with `active=true`. */
export async function deviceAlerts(
  ctx: AppContext,
  user: UserWithOrg,
  id: string,
  active: 'true' | 'false' | undefined,
): Promise<Alert[]> {
  const { scope } = await scopedDevice(ctx, user, id);
  return alertsOf(ctx, scope, { deviceId: id }, active);
}

export async function getTransaction(
  ctx: AppContext,
  user: UserWithOrg,
  id: string,
  transactionId: string,
): Promise<Transaction> {
  const row = await requireDevice(ctx, user, id);
  const found = presentTransactions(row.config_versions).find((t) => t.id === transactionId);
  if (!found) throw Errors.notFound();
  return found;
}

export async function editPortName(
  ctx: AppContext,
  user: UserWithOrg,
  body: EditPortNameRequest,
): Promise<Device> {
  const row = await requireDevice(ctx, user, body.deviceId);
  if (!row.port_mapping.some((p) => p.id === body.portId))
    throw Errors.invalidInput('This device has no such port.', 'portId');
  await repo.setPortLabel(ctx.db, row.id, body.portId, body.name);
  return getDevice(ctx, user, row.id);
}

/** POST device/editName: the device's own name (empty: its default); answers the device. */
export async function editName(
  ctx: AppContext,
  user: UserWithOrg,
  body: EditDeviceNameRequest,
): Promise<Device> {
  const scope = await scopeOf(ctx.db, user);
  if (!isUuid(body.deviceId) || !(await repo.setDeviceName(ctx.db, scope, body.deviceId, body.name)))
    throw Errors.notFound();
  return presentDevice(await findDeviceInScope(ctx.db, scope, body.deviceId));
}

/** The devices of the caller's scope that match the search, one page in the asked order. */
export const searchDevices = scopedList(
  repo.searchDevices,
  ({ status, kind, model, groupId, siteId, q }: DeviceSearchQuery, ctx) => ({
    status,
    kind,
    model,
    groupId,
    siteId,
    ...searchText(q, 'devices', ctx),
  }),
  presentDeviceSummary,
);

export async function statusCounts(
  ctx: AppContext,
  user: UserWithOrg,
  groupIds: string[] | undefined,
): Promise<StatusCounts> {
  const scope = await scopeOf(ctx.db, user);
  // Every console of an organization asks again on each device status event: those who see the whole
  // organization share one count per event (ctx.liveAnswers, under its devices' status version).
  return ctx.liveAnswers.forScope(
    'device/statuscounts',
    scope,
    groupIds ?? null,
    () => repo.statusCounts(ctx.db, scope, groupIds),
    'devices',
  );
}

const DURATION_MS: Record<Duration, number> = {
  LAST_HOUR: 3_600_000,
  LAST_6_HOURS: 6 * 3_600_000,
  LAST_24_HOURS: 24 * 3_600_000,
  LAST_7_DAYS: 7 * 24 * 3_600_000,
};

/** WAN ping and jitter of the device over the duration, oldest first. */
export async function timeseries(
  ctx: AppContext,
  user: UserWithOrg,
  id: string,
  duration: Duration,
  now = new Date(),
): Promise<TimeseriesSample[]> {
  const row = await requireDevice(ctx, user, id);
  const rows = await repo.wanSamples(ctx.db, row.id, new Date(now.getTime() - DURATION_MS[duration]));
  return rows.map(presentSample);
}
