/**
 * A site's or a device's timeline (issue 37): its status band, its alerts, diagnostics, tickets, support acts
 * and configuration versions on one time axis, and its availability per day by the SLA report's rule.
 */
import {
  TIMELINE_DEFAULT_DAYS,
  TIMELINE_EVENTS_MAX,
  TIMELINE_MAX_DAYS,
  type Timeline,
  type TimelineEvent,
  type TimelineEventType,
  type TimelineQuery,
} from '@vnoc/contracts';
import type { AppContext } from '../../context.ts';
import { Errors } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { type Scope, scopeOf } from '../../sql/scope.ts';
import { isUuid } from '../../sql/text.ts';
import { findDeviceInScope } from '../devices/service.ts';
import { availabilityByDay } from '../reports/service.ts';
import { buildIntervals } from './intervals.ts';
import {
  periodOf,
  presentAlert,
  presentConfig,
  presentJob,
  presentSupportAct,
  presentTicket,
} from './present.ts';
import * as repo from './repository.ts';

const DAY_MS = 86_400_000;

/**
 * The range a query asks for: `to` defaults to now, `from` to TIMELINE_DEFAULT_DAYS before `to`. A reversed or
 * empty range, one longer than TIMELINE_MAX_DAYS, ending in the future or starting before 1970 is refused (400)
 * before anything is read.
 */
export function resolveTimelineRange(query: TimelineQuery, now: Date): repo.Range {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - TIMELINE_DEFAULT_DAYS * DAY_MS);
  // Nothing is recorded before 1970 or ahead of now (a day's grace for a client's clock).
  if (to.getTime() > now.getTime() + DAY_MS)
    throw Errors.invalidInput('The range cannot end in the future.', 'to');
  if (from.getTime() < 0) throw Errors.invalidInput('Enter a valid start date.', 'from');
  if (from.getTime() >= to.getTime())
    throw Errors.invalidInput('The start of the range must be before its end.', 'from');
  if (to.getTime() - from.getTime() > TIMELINE_MAX_DAYS * DAY_MS)
    throw Errors.invalidInput(`The timeline covers at most ${TIMELINE_MAX_DAYS} days.`, 'from');
  return { from, to };
}

/**
 * Support acts are shown to the organization's administrators (theirs is the activity log that lists them) and
 * to the provider's support staff acting in a support session; to other people the timeline leaves them out.
 */
export const seesSupportActs = (auth: Pick<AuthContext, 'user' | 'impersonator'>) =>
  auth.user.role === 'ADMINISTRATOR' || auth.impersonator !== undefined;

async function timelineOf(
  ctx: AppContext,
  auth: AuthContext,
  scope: Scope,
  subject: repo.Subject,
  range: repo.Range,
): Promise<Timeline> {
  const supportShown = seesSupportActs(auth);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  // The last day is the one `to` falls in, unless the range ends at its midnight.
  const lastDay = day(new Date(range.to.getTime() - 1));
  const [periods, alerts, jobs, tickets, support, configs, availability] = await Promise.all([
    repo.periods(ctx.db, scope, subject, range),
    repo.alerts(ctx.db, scope, subject, range),
    repo.jobs(ctx.db, scope, subject, range),
    repo.tickets(ctx.db, scope, subject, range),
    supportShown ? repo.supportActs(ctx.db, scope, subject, range) : Promise.resolve([]),
    repo.configVersions(ctx.db, scope, subject, range),
    availabilityByDay(
      ctx,
      scope,
      subject.kind === 'site' ? { siteId: subject.id } : { deviceId: subject.id },
      day(range.from),
      lastDay,
    ),
  ]);
  const truncated: TimelineEventType[] = [];
  const events: TimelineEvent[] = [];
  const add = <R>(type: TimelineEventType, rows: R[], present: (r: R) => TimelineEvent) => {
    if (rows.length > TIMELINE_EVENTS_MAX) truncated.push(type);
    events.push(...rows.slice(0, TIMELINE_EVENTS_MAX).map(present));
  };
  add('alert', alerts, presentAlert);
  add('diagnostic', jobs, presentJob);
  add('ticket', tickets, presentTicket);
  add('support', support, presentSupportAct);
  add('config', configs, presentConfig);
  events.sort((a, b) => a.at.localeCompare(b.at));
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    intervals: buildIntervals(
      periods.map(periodOf),
      range.from.getTime(),
      range.to.getTime(),
      ctx.now().getTime(),
    ),
    events,
    availability,
    supportShown,
    truncated,
  };
}

/**
 * GET site/{id}/timeline and GET device/{id}/timeline: the range is checked first (400), then the site or
 * device must be in the caller's scope (404: another organization's, outside the groups, malformed, missing).
 */
export async function subjectTimeline(
  ctx: AppContext,
  auth: AuthContext,
  kind: repo.Subject['kind'],
  id: string,
  query: TimelineQuery,
): Promise<Timeline> {
  const range = resolveTimelineRange(query, ctx.now());
  const scope = await scopeOf(ctx.db, auth.user);
  if (kind === 'device') await findDeviceInScope(ctx.db, scope, id);
  else if (!isUuid(id) || !(await repo.siteVisible(ctx.db, scope, id))) throw Errors.notFound();
  return timelineOf(ctx, auth, scope, { kind, id: id.toLowerCase() }, range);
}
