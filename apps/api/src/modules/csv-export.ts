/**
 * CSV exports: one place that writes them, two ways. `csvStream` turns rows already in hand (alerts, activity:
 * at most 10 000) into a CSV stream with csv-stringify, which quotes as RFC 4180 (fields with commas, quotes or
 * line breaks in double quotes, quotes doubled), one `\n`-ended line per row. `copyCsv` has PostgreSQL write the
 * file from a query (the reports: millions of rows), with the same quoting. Text that would run as a spreadsheet
 * formula is made inert either way (`inertField`, `inertSql`).
 */
import { pipeline, Readable, Transform } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../plugins/db.ts';

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

/**
 * inertField in SQL, for a text column of a CSV that PostgreSQL writes (copyCsv): the same first characters,
 * the same figures left alone.
 */
export const inertSql = (value: SQL) =>
  sql`case when left(${value}, 1) in ('=', '+', '-', '@', chr(9), chr(13))
    and ${value} !~* '^[-+]?[0-9]+([.,][0-9]+)?(e[-+]?[0-9]+)?%?$' then '''' || ${value} else ${value} end`;

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

const dialect = new PgDialect();

/** A bound value as an SQL literal (COPY takes no parameters); arrays as a PostgreSQL array literal. */
function literal(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return client.escapeLiteral(value);
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value))
    return client.escapeLiteral(
      `{${value.map((v) => `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`,
    );
  throw new Error(`copyCsv: cannot write ${typeof value} as a literal`);
}

/**
 * Gathers a stream's chunks into pieces of at least `size` bytes (the last one shorter). The rows of a COPY come
 * in whatever each socket read held — a few hundred bytes when Node reads faster than PostgreSQL writes — and
 * every piece costs a compression call and a socket write here and a chunk in the client's reader.
 */
function gathered(size = 64 * 1024): Transform {
  let parts: Buffer[] = [];
  let length = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      length += chunk.length;
      if (length < size) return done();
      const piece = Buffer.concat(parts, length);
      parts = [];
      length = 0;
      done(null, piece);
    },
    flush(done) {
      done(null, length > 0 ? Buffer.concat(parts, length) : undefined);
    },
  });
}

/**
 * A query's rows as CSV written by PostgreSQL itself (`COPY (…) TO STDOUT`, format csv with a header line:
 * RFC 4180 quoting, `\n` lines, NULL as an empty field), in one statement and so one snapshot, on a connection of
 * its own. Node only passes the bytes on as the client reads them (pg-copy-streams holds the connection's socket
 * while the client is slow), so memory stays flat and a 3-million-row report is not parsed into objects and
 * written back out row by row. The query's columns are the file's, named as its header; its bound values are
 * written into the statement as escaped literals, since COPY takes no parameters. A client that goes away
 * mid-copy closes the connection (the server ends the COPY) rather than returning it to the pool.
 */
export function copyCsv(db: Db, query: SQL, options: CsvOptions = {}): Readable {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.connect !== 'function') throw new Error('copyCsv needs a pool-backed database');
  const { sql: text, params } = dialect.sqlToQuery(query);
  const out = gathered();
  if (options.bom) out.write(Buffer.from('\uFEFF'));
  const run = async () => {
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      const statement = text.replace(/\$(\d+)/g, (_, n: string) => literal(client, params[Number(n) - 1]));
      await client.query('begin read only');
      // More room for the report's sort in memory before it spills to temp files (this transaction only).
      await client.query(`set local work_mem = '32MB'`);
      await pipelineAsync(
        client.query(copyTo(`copy (${statement}) to stdout with (format csv, header)`)),
        out,
      );
      await client.query('commit');
    } catch (error) {
      failed = error instanceof Error ? error : new Error(String(error));
      out.destroy(failed);
    } finally {
      client.release(failed);
    }
  };
  run().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
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
