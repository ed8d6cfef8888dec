/**
 * CSV exports (alerts, reports): one way to turn rows into a CSV stream and send it as a download.
 * csv-stringify quotes as RFC 4180 (fields with commas, quotes or line breaks in double quotes, quotes
 * doubled), one `\n`-ended line per row; rows are pulled from the source as the client reads, so a
 * source that streams from PostgreSQL keeps the server's memory flat however long the export. Text that
 * would run as a spreadsheet formula is made inert (`inertField`).
 */
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

export type CsvColumn<T> = {
  header: string;
  /** The field's value; null and undefined are written as an empty field. */
  value: (row: T) => string | number | null | undefined;
};

export type CsvOptions = {
  /** A UTF-8 byte order mark first, so spreadsheet apps read accents right. */
  bom?: boolean;
};

/** A text that reads as a number (a negative figure, say), which a spreadsheet only ever shows as one. */
const PLAIN_NUMBER = /^[-+]?\d+(?:[.,]\d+)?(?:e[-+]?\d+)?%?$/i;
/** The first characters by which a spreadsheet app takes a field for a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A field as a spreadsheet app shows it, never as a formula: text that people or devices typed (a site's
 * name, a note, a ticket subject) and that starts like a formula gets a leading apostrophe, which the app
 * hides and which stops `=HYPERLINK(…)` or `@SUM(…)` from running when the file is opened.
 */
export function inertField(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return value;
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

async function* fieldsOf<T>(rows: Iterable<T> | AsyncIterable<T>, columns: readonly CsvColumn<T>[]) {
  for await (const row of rows) yield columns.map((c) => inertField(c.value(row)));
}

/** The rows as CSV with a header line; an error in the source ends the stream with that error. */
export function csvStream<T>(
  columns: readonly CsvColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
  options: CsvOptions = {},
): Readable {
  const csv = stringify({ header: true, columns: columns.map((c) => c.header), bom: options.bom ?? false });
  // pipeline destroys the CSV stream (and so the response) if the source fails midway.
  pipeline(Readable.from(fieldsOf(rows, columns)), csv, () => undefined);
  return csv;
}

/** A file name safe in a Content-Disposition header. */
export const safeFilename = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-');

/** Sends a stream as a download with the given type and file name. */
export function sendDownload(reply: FastifyReply, stream: Readable, contentType: string, filename: string) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${safeFilename(filename)}"`)
    .send(stream);
}

/** Sends a CSV stream as a download. */
export const sendCsv = (reply: FastifyReply, stream: Readable, filename: string) =>
  sendDownload(reply, stream, 'text/csv; charset=utf-8', filename);

/** A whole stream in memory (an email attachment). */
export async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
