/**
 * The scheduled reports' sender. Every API process runs one; due rows are claimed with FOR UPDATE SKIP LOCKED
 * and held while the report is built and sent, then moved to their next run in the same transaction — so two
 * processes never send one run twice. A crash between the provider accepting the email and the commit sends it
 * again at the next poll (at least once, one statement wide).
 */
import { ReportFiltersSchema, type ReportId } from '@vnoc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import { bufferOf } from '../../http/csv-export.ts';
import { findUserById, isActiveUser } from '../accounts/index.ts';
import { csvOf, pdfOf, REPORT_FILES, readerLanguage } from './files.ts';
import { fileName } from './format.ts';
import { reportEmail } from './report-email.ts';
import { claimDue, markRun, type SubscriptionRow } from './repository/subscriptions.ts';
import { nextRunAfter, rangeOfRun } from './schedule.ts';
import { REPORT_READERS, reportInfo, resolveQuery } from './service.ts';

/** Rows the emailed CSV holds at most (a mailbox is not a bulk export); the email says when it was cut. */
export const EMAIL_CSV_ROWS = 100_000;
/** A run that failed (delivery, database) is tried again after this long. */
export const RETRY_MS = 30 * 60_000;

/** Why a due run is skipped rather than sent (the subscription stays, and tries again next time). */
function refusal(user: UserWithOrg | undefined, report: ReportId): string | undefined {
  if (!user) return 'the user is gone';
  // A registration waiting for approval or a deactivated person gets no report files.
  if (user.status !== 'active') return 'the account is not active';
  if (!REPORT_READERS.includes(user.role)) return 'the user may not read reports';
  const info = reportInfo(report);
  if (info.entitlement && !user.organization.entitlements.includes(info.entitlement))
    return 'the organization no longer has the feature';
  return undefined;
}

/**
 * Builds the report of one due run and emails it with its CSV and PDF; answers false, sending nothing, when
 * the person's account stopped being active while the report was built.
 */
async function send(ctx: AppContext, sub: SubscriptionRow, user: UserWithOrg): Promise<boolean> {
  const range = rangeOfRun(sub.frequency, new Date(sub.next_run_at));
  const filters = ReportFiltersSchema.parse(sub.filters);
  const q = await resolveQuery(ctx, user, sub.report, { ...filters, ...range, page: 0, pageSize: 1 });
  const language = await readerLanguage(ctx, user.id);
  const { stream, page } = await pdfOf(ctx, q, language);
  const [pdf, csv] = await Promise.all([bufferOf(stream), bufferOf(csvOf(ctx, q, EMAIL_CSV_ROWS))]);
  const { subject, body } = reportEmail(
    reportInfo(sub.report),
    sub.frequency,
    page,
    language,
    EMAIL_CSV_ROWS,
  );
  // Read again at sending: building the files takes a while, and a person deactivated meanwhile gets nothing.
  if (!(await isActiveUser(ctx.db, user.id))) return false;
  await ctx.deliver({
    channel: 'email',
    to: user.username,
    subject,
    body,
    attachments: [
      { filename: fileName(q.report, q.filter, 'csv'), contentType: REPORT_FILES.csv, content: csv },
      { filename: fileName(q.report, q.filter, 'pdf'), contentType: REPORT_FILES.pdf, content: pdf },
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

  /** Claims one due run and handles it inside the claim's transaction; 'none' when none is due. */
  async function one(): Promise<'sent' | 'skipped' | 'none'> {
    return ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const sub = await claimDue(tx, now);
      if (!sub) return 'none';
      const user = await findUserById(ctx.db, sub.user_id);
      let why = refusal(user, sub.report);
      if (!why && user) {
        try {
          if (!(await send(ctx, sub, user))) why = 'the account is not active';
        } catch (err) {
          log.error(
            { err, subscriptionId: sub.id },
            'a scheduled report could not be sent; it will be retried',
          );
          await markRun(tx, sub.id, new Date(now.getTime() + RETRY_MS), null);
          return 'skipped';
        }
      }
      const next = nextRunAfter(sub.frequency, now);
      if (why) {
        log.warn({ subscriptionId: sub.id, reason: why }, 'a scheduled report was skipped');
        await markRun(tx, sub.id, next, null);
        return 'skipped';
      }
      await markRun(tx, sub.id, next, now);
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
