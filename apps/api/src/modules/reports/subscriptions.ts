/**
 * Scheduled reports (issue 9 part 6): a user subscribes a report weekly or monthly over a relative range and
 * receives it by email with the CSV and the PDF attached (scheduler.ts sends them).
 */
import {
  MAX_REPORT_SUBSCRIPTIONS,
  type ReportFilters,
  type ReportSubscription,
  type ReportSubscriptionRequest,
} from '@vnoc/contracts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import { isUuid } from '../../sql/text.ts';
import { presentSubscription } from './present.ts';
import * as repo from './repository/subscriptions.ts';
import { nextRunAfter } from './schedule.ts';
import { resolveQuery } from './service.ts';

/** Filters as stored: only the ones set. */
function storedFilters(f: ReportFilters): Record<string, unknown> {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== ''));
}

export async function listSubscriptions(ctx: AppContext, user: UserWithOrg): Promise<ReportSubscription[]> {
  return (await repo.listSubscriptions(ctx.db, user.id)).map(presentSubscription);
}

export async function createSubscription(
  ctx: AppContext,
  user: UserWithOrg,
  request: ReportSubscriptionRequest,
): Promise<ReportSubscription> {
  const filters = request.filters;
  // Entitlement, filters (ids in the caller's scope) and model list, as the report page would check them.
  const q = await resolveQuery(ctx, user, request.report, { ...filters, page: 0, pageSize: 1 });
  if ((await repo.countSubscriptions(ctx.db, user.id)) >= MAX_REPORT_SUBSCRIPTIONS)
    throw new AppError(
      409,
      'conflict',
      `You can have at most ${MAX_REPORT_SUBSCRIPTIONS} scheduled reports. Remove one first.`,
    );
  const row = await repo.insertSubscription(ctx.db, {
    organizationId: user.organizationId,
    userId: user.id,
    report: q.report,
    frequency: request.frequency,
    filters: storedFilters(filters),
    nextRunAt: nextRunAfter(request.frequency, ctx.now()),
  });
  return presentSubscription(row);
}

export async function deleteSubscription(ctx: AppContext, user: UserWithOrg, id: string): Promise<void> {
  if (!isUuid(id) || !(await repo.deleteSubscription(ctx.db, user.id, id))) throw Errors.notFound();
}
