/** A report as a file: the whole filtered report as CSV, or its totals, chart and first rows as PDF. */
import type { Readable } from 'node:stream';
import type { ReportPage, ReportQuery } from '@vnoc/contracts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import { copyCsv } from '../../http/csv-export.ts';
import { type Language, languageOf } from '../../notifications/profile.ts';
import { findLanguage } from '../accounts/index.ts';
import { fileName } from './format.ts';
import { reportPdf } from './pdf.ts';
import { pdfReportOf } from './pdf-content.ts';
import { csvQuery } from './repository/csv.ts';
import { pageOf, type ResolvedQuery, reportInfo, resolveQuery } from './service.ts';

/** Rows the PDF's table shows at most (the CSV has them all). */
export const PDF_ROWS = 300;

/** The report files and their content types. */
export const REPORT_FILES = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' } as const;
export type ReportFile = keyof typeof REPORT_FILES;

/**
 * The whole filtered report as CSV (UTF-8 with BOM), the columns spec part 3 names, written by PostgreSQL
 * from one statement; `limit` caps the rows. A download names its `owner` (an export slot now, or 429); a
 * scheduled report's file waits for a slot.
 */
export function csvOf(ctx: AppContext, q: ResolvedQuery, limit?: number, owner?: string): Readable {
  return copyCsv(ctx.db, csvQuery(q.report, q.scope, q.filter, q.sort, q.target, limit), {
    bom: true,
    owner,
  });
}

/** The reader's language preference: read only for what is written out (PDF, email), not for every page. */
export async function readerLanguage(ctx: AppContext, userId: string): Promise<Language> {
  return languageOf(await findLanguage(ctx.db, userId));
}

/** The report as PDF in the reader's language: totals, chart and the first PDF_ROWS rows. */
export async function pdfOf(
  ctx: AppContext,
  q: ResolvedQuery,
  language: Language,
): Promise<{ stream: Readable; page: ReportPage }> {
  const page = await pageOf(ctx, q, 0, PDF_ROWS);
  const stream = reportPdf(pdfReportOf(reportInfo(q.report), page, language, ctx.now()));
  return { stream, page };
}

/** `GET reports/{id}/export.csv` and `export.pdf`: the file's stream, name and content type. */
export async function exportFile(
  ctx: AppContext,
  user: UserWithOrg,
  id: string,
  query: ReportQuery,
  file: ReportFile,
): Promise<{ stream: Readable; filename: string; contentType: string }> {
  const q = await resolveQuery(ctx, user, id, query);
  // An API key downloads with export slots of its own (issue 38), not its maker's.
  const stream =
    file === 'csv'
      ? csvOf(ctx, q, undefined, user.apiKey?.id ?? user.id)
      : (await pdfOf(ctx, q, await readerLanguage(ctx, user.id))).stream;
  return { stream, filename: fileName(q.report, q.filter, file), contentType: REPORT_FILES[file] };
}
