/**
 * Scheduled reports (issue 9 part 6): a user subscribes a report weekly or monthly over a relative range and
 * receives it by email with the CSV and the PDF attached. Every API process runs a scheduler; due rows are
 * claimed with FOR UPDATE SKIP LOCKED and held while the report is built and sent, then moved to their next
 * run in the same transaction — so two processes never send one run twice. A crash between the provider
 * accepting the email and the commit sends it again at the next poll (at least once, one statement wide).
 */
import {
  MAX_REPORT_SUBSCRIPTIONS,
  type ReportFilters,
  ReportFiltersSchema,
  type ReportFrequency,
  type ReportId,
  type ReportSubscription,
  type ReportSubscriptionRequest,
} from '@vnoc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import { bufferOf } from '../../http/csv-export.ts';
import { isUuid } from '../../sql/text.ts';
import { findUserById, isActiveUser } from '../accounts/index.ts';
import { REPORT_TEXT } from './report-text.ts';
import * as repo from './repository.ts';
import {
  csvOf,
  dayOf,
  fileName,
  pdfOf,
  rangeText,
  readerLanguage,
  reportInfo,
  resolveQuery,
  totalsLines,
} from './service.ts';

/** Scheduled runs go out at this hour (UTC): weekly on Mondays, monthly on the 1st. */
export const SEND_HOUR_UTC = 6;
/** Rows the emailed CSV holds at most (a mailbox is not a bulk export); the email says when it was cut. */
export const EMAIL_CSV_ROWS = 100_000;
/** A run that failed (delivery, database) is tried again after this long. */
export const RETRY_MS = 30 * 60_000;

const DAY_MS = 86_400_000;

/** The first send time strictly after `after`: the next Monday (weekly) or 1st of a month (monthly), 06:00 UTC. */
export function nextRunAfter(frequency: ReportFrequency, after: Date): Date {
  const d = new Date(
    Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), SEND_HOUR_UTC),
  );
  if (frequency === 'weekly') {
    // getUTCDay: Sunday 0, Monday 1.
    const ahead = (8 - d.getUTCDay()) % 7;
    d.setUTCDate(d.getUTCDate() + ahead);
    if (d <= after) d.setUTCDate(d.getUTCDate() + 7);
    return d;
  }
  const first = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), 1, SEND_HOUR_UTC));
  if (first > after) return first;
  return new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth() + 1, 1, SEND_HOUR_UTC));
}

/** The range a run due at `due` covers: the 7 days before it (weekly) or the previous calendar month (monthly). */
export function rangeOfRun(frequency: ReportFrequency, due: Date): { from: string; to: string } {
  const today = Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate());
  if (frequency === 'weekly') return { from: dayOf(today - 7 * DAY_MS), to: dayOf(today - DAY_MS) };
  const from = Date.UTC(due.getUTCFullYear(), due.getUTCMonth() - 1, 1);
  const to = Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), 0);
  return { from: dayOf(from), to: dayOf(to) };
}

function presentSubscription(r: repo.SubscriptionRow): ReportSubscription {
  const filters = ReportFiltersSchema.safeParse(r.filters);
  return {
    id: r.id,
    report: r.report,
    frequency: r.frequency,
    filters: filters.success ? filters.data : {},
    nextRunAt: new Date(r.next_run_at).toISOString(),
    lastRunAt: r.last_run_at ? new Date(r.last_run_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

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

/** Why a due run is skipped rather than sent (the subscription stays, and tries again next time). */
function refusal(user: UserWithOrg | undefined, report: ReportId): string | undefined {
  if (!user) return 'the user is gone';
  // A registration waiting for approval or a deactivated person gets no report files.
  if (user.status !== 'active') return 'the account is not active';
  if (!['ADMINISTRATOR', 'USER', 'READ_ONLY'].includes(user.role)) return 'the user may not read reports';
  const info = reportInfo(report);
  if (info.entitlement && !user.organization.entitlements.includes(info.entitlement))
    return 'the organization no longer has the feature';
  return undefined;
}

/**
 * Builds the report of one due run and emails it with its CSV and PDF; answers false, sending nothing, when
 * the person's account stopped being active while the report was built.
 */
async function send(ctx: AppContext, sub: repo.SubscriptionRow, user: UserWithOrg): Promise<boolean> {
  const range = rangeOfRun(sub.frequency, new Date(sub.next_run_at));
  const filters = ReportFiltersSchema.parse(sub.filters);
  const q = await resolveQuery(ctx, user, sub.report, { ...filters, ...range, page: 0, pageSize: 1 });
  const language = await readerLanguage(ctx, user.id);
  const { stream, page } = await pdfOf(ctx, q, language);
  const [pdf, csv] = await Promise.all([bufferOf(stream), bufferOf(csvOf(ctx, q, EMAIL_CSV_ROWS))]);
  const info = reportInfo(sub.report);
  // In the subscriber's language, as the PDF.
  const text = REPORT_TEXT[language];
  const count = (n: number) => new Intl.NumberFormat(text.locale).format(n);
  const cut = page.totalElements > EMAIL_CSV_ROWS;
  const title = info.title[language];
  const body = [
    text.email.intro(sub.frequency, title, rangeText(range.from, range.to, language)),
    '',
    ...totalsLines(page, language).map((t) => `${t.label}: ${t.value}`),
    '',
    `${text.email.rows(count(page.totalElements))}${cut ? text.email.cut(count(EMAIL_CSV_ROWS)) : ''}.`,
    '',
    text.email.why,
  ].join('\n');
  // Read again at sending: building the files takes a while, and a person deactivated meanwhile gets nothing.
  if (!(await isActiveUser(ctx.db, user.id))) return false;
  await ctx.deliver({
    channel: 'email',
    to: user.username,
    subject: text.email.subject(title, range.from, range.to),
    body,
    attachments: [
      { filename: fileName(q, 'csv'), contentType: 'text/csv; charset=utf-8', content: csv },
      { filename: fileName(q, 'pdf'), contentType: 'application/pdf', content: pdf },
    ],
  });
  return true;
}

export type ReportScheduler = {
  /** Polls every `pollMs` until stopped. */
  start: () => void;
  /** Sends every due run (one at a time); answers how many were sent. */
  runOnce: () => Promise<number>;
  /** Stops polling and waits for the round in flight (call before the pool closes). */
  stop: () => Promise<void>;
};

export function createReportScheduler(
  ctx: AppContext,
  options: { pollMs?: number; log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> } = {},
): ReportScheduler {
  const pollMs = options.pollMs ?? 60_000;
  const log = options.log ?? ctx.log;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<number> | undefined;
  let stopped = false;

  /** Claims one due run and handles it inside the claim's transaction; false when none is due. */
  async function one(): Promise<'sent' | 'skipped' | 'none'> {
    return ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const sub = await repo.claimDue(tx, now);
      if (!sub) return 'none';
      const user = await findUserById(ctx.db, sub.user_id);
      const why = refusal(user, sub.report);
      const next = nextRunAfter(sub.frequency, now);
      if (why || !user) {
        log.warn({ subscriptionId: sub.id, reason: why }, 'a scheduled report was skipped');
        await repo.markRun(tx, sub.id, next, null);
        return 'skipped';
      }
      try {
        if (!(await send(ctx, sub, user))) {
          log.warn(
            { subscriptionId: sub.id, reason: 'the account is not active' },
            'a scheduled report was skipped',
          );
          await repo.markRun(tx, sub.id, next, null);
          return 'skipped';
        }
      } catch (err) {
        log.error(
          { err, subscriptionId: sub.id },
          'a scheduled report could not be sent; it will be retried',
        );
        await repo.markRun(tx, sub.id, new Date(now.getTime() + RETRY_MS), null);
        return 'skipped';
      }
      await repo.markRun(tx, sub.id, next, now);
      return 'sent';
    });
  }

  async function roundOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (stopped) return sent;
      const outcome = await one();
      if (outcome === 'none') return sent;
      if (outcome === 'sent') sent++;
    }
  }

  const scheduler: ReportScheduler = {
    runOnce() {
      if (round) return round.then(() => scheduler.runOnce());
      round = roundOnce().finally(() => {
        round = undefined;
      });
      return round;
    },
    start() {
      if (timer || stopped) return;
      const poll = () => {
        if (round) return;
        scheduler.runOnce().catch((err: unknown) => log.error({ err }, 'sending scheduled reports failed'));
      };
      timer = setInterval(poll, pollMs);
      timer.unref();
      poll();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await round?.catch(() => undefined);
    },
  };
  return scheduler;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's scheduled-report sender (buildApp); main.ts starts it, app.close() stops it. */
    reports: ReportScheduler;
  }
}
