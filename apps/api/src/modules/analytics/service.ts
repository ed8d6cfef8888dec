import type { AnalyticsDuration, Uptime, UptimeQuery } from '@vnoc/contracts';
import type { AppContext } from '../../context.ts';
import { DAY, HOUR } from '../../fleet/simulator/index.ts';
import { downtimePercent } from '../../fleet/simulator/intervals.ts';
import { scopeOf } from '../sites/scope.ts';
import type { UserWithOrg } from '../users/repository.ts';
import * as repo from './repository.ts';

export const DURATION_MS: Readonly<Record<AnalyticsDuration, number>> = {
  LAST_6_HOURS: 6 * HOUR,
  LAST_24_HOURS: DAY,
  LAST_7_DAYS: 7 * DAY,
  LAST_30_DAYS: 30 * DAY,
};

/** GET analytics/network/uptime: the fleet's uptime in the caller's scope over the window ending now. */
export async function networkUptime(
  ctx: AppContext,
  user: UserWithOrg,
  query: UptimeQuery,
  now = new Date(),
): Promise<Uptime> {
  const from = new Date(now.getTime() - DURATION_MS[query.duration]);
  const row = await repo.uptime(ctx.db, await scopeOf(ctx.db, user), from, now);
  // Nothing recorded in the window: no downtime seen.
  const uptime = row.uptime ?? 100;
  return { duration: query.duration, uptime, downtime: downtimePercent(uptime), devices: row.devices };
}
