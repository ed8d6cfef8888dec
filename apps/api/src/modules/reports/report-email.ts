/** The email a scheduled report goes out in, in the subscriber's language (as its PDF). */
import type { ReportFrequency, ReportInfo, ReportPage } from '@vnoc/contracts';
import type { Language } from '../../notifications/profile.ts';
import { rangeText, writerOf } from './format.ts';
import { totalsLines } from './pdf-content.ts';

/**
 * Subject and body: what is attached and for which range, the totals, the row count (and that the CSV holds
 * only the first `csvRows` when there are more), and why the person receives it.
 */
export function reportEmail(
  info: ReportInfo,
  frequency: ReportFrequency,
  page: ReportPage,
  language: Language,
  csvRows: number,
): { subject: string; body: string } {
  const { text, count } = writerOf(language);
  const title = info.title[language];
  const cut = page.totalElements > csvRows;
  const body = [
    text.email.intro(frequency, title, rangeText(page.from, page.to, language)),
    '',
    ...totalsLines(page, language).map((t) => `${t.label}: ${t.value}`),
    '',
    `${text.email.rows(count(page.totalElements))}${cut ? text.email.cut(count(csvRows)) : ''}.`,
    '',
    text.email.why,
  ].join('\n');
  return { subject: text.email.subject(title, page.from, page.to), body };
}
