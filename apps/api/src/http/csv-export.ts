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
import { AppError } from '../errors.ts';
import { type Db, EXPORT_CONNECTIONS, exportPoolOf } from '../plugins/db.ts';

export type CsvColumn<T> = {
  header: string;
  /** The field's value; null and undefined are written as an empty field. */
  value: (row: T) => string | number | null | undefined;
};

export type CsvOptions = {
  /** A UTF-8 byte order mark first, so spreadsheet apps read accents right. */
  bom?: boolean;
  /**
   * The person downloading: a download takes a free export slot at once or is refused 429 (at most
   * EXPORTS_PER_PERSON of theirs at a time). Without one (a scheduled report), the export waits for a slot.
   */
  owner?: string;
};

/** Downloads one person may have running at once. */
export const EXPORTS_PER_PERSON = 2;
export const EXPORTS_BUSY_MESSAGE =
  'Too many downloads are running. Wait for one to finish, then try again in a minute.';
const exportsBusy = () => new AppError(429, 'exports_busy', EXPORTS_BUSY_MESSAGE);

/**
 * The export slots of one export pool: at most EXPORT_CONNECTIONS COPYs at once in this process (one connection
 * each), at most EXPORTS_PER_PERSON of one person's. A download asks without waiting (`tryTake`: 429 when none
 * is free); a scheduled report queues (`take`). Each slot is given back once, when its COPY has ended.
 */
class ExportSlots {
  private running = 0;
  private readonly byOwner = new Map<string, number>();
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** A slot now, or 429. */
  tryTake(owner: string): () => void {
    const mine = this.byOwner.get(owner) ?? 0;
    if (this.running >= this.size || mine >= EXPORTS_PER_PERSON) throw exportsBusy();
    this.running++;
    this.byOwner.set(owner, mine + 1);
    return this.giver(() => {
      const left = (this.byOwner.get(owner) ?? 1) - 1;
      if (left > 0) this.byOwner.set(owner, left);
      else this.byOwner.delete(owner);
    });
  }

  /** A slot once one is free. */
  async take(): Promise<() => void> {
    while (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    return this.giver(() => undefined);
  }

  /** How many COPYs run now (tests read it). */
  get inUse(): number {
    return this.running;
  }

  private giver(forget: () => void): () => void {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      forget();
      this.running--;
      this.waiting.shift()?.();
    };
  }
}

const slotsByPool = new WeakMap<pg.Pool, ExportSlots>();
/** The slots of the export pool `db`'s exports run on. */
export function exportSlotsOf(db: Db): ExportSlots {
  const pool = exportPoolOf(db);
  let slots = slotsByPool.get(pool);
  if (!slots) {
    slots = new ExportSlots(Math.min(EXPORT_CONNECTIONS, pool.options.max ?? EXPORT_CONNECTIONS));
    slotsByPool.set(pool, slots);
  }
  return slots;
}

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
 * the export pool (never the main one: a download that stalls cannot take sign-in's connections). Node only
 * passes the bytes on as the client reads them (pg-copy-streams holds the connection's socket while the client is
 * slow), so memory stays flat and a 3-million-row report is not parsed into objects and written back out row by
 * row; a client that stops reading is cut off by sendDownload's stall limit. The query's columns are the file's,
 * named as its header; its bound values are written into the statement as escaped literals, since COPY takes no
 * parameters. A client that goes away mid-copy closes the connection (the server ends the COPY) rather than
 * returning it to the pool. With an `owner`, the export slot is taken before this returns (429 when none is free).
 */
export function copyCsv(db: Db, query: SQL, options: CsvOptions = {}): Readable {
  const pool = exportPoolOf(db);
  const slots = exportSlotsOf(db);
  const held = options.owner === undefined ? undefined : slots.tryTake(options.owner);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const out = gathered();
  // A download's slot is free once its file is sent (or cut off), not only once its COPY has committed: the
  // person's next download, asked for right after, is not refused for the one that has just ended.
  if (held) out.once('close', held);
  if (options.bom) out.write(Buffer.from('\uFEFF'));
  const run = async () => {
    const giveBack = held ?? (await slots.take());
    let client: pg.PoolClient | undefined;
    let failed: Error | undefined;
    try {
      // A client gone before the COPY starts: nothing to run.
      if (out.destroyed) return;
      client = await pool.connect();
      const statement = text.replace(/\$(\d+)/g, (_, n: string) =>
        literal(client as pg.PoolClient, params[Number(n) - 1]),
      );
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
      client?.release(failed);
      giveBack();
    }
  };
  run().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** A file name safe in a Content-Disposition header. */
export const safeFilename = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-');

/**
 * Cuts a download off when its client stops reading: the answer's buffer stays full (`writableNeedDrain`) with no
 * drain for `stallMs`. A slow query is not a stall (nothing waits to be written meanwhile), nor is a slow link
 * that keeps reading. Ending the stream ends its COPY, so the export's connection and slot are freed.
 */
function cutOffWhenStalled(reply: FastifyReply, stream: Readable, stallMs: number) {
  const res = reply.raw;
  let since: number | undefined;
  const every = Math.max(50, Math.min(1_000, Math.floor(stallMs / 4)));
  const timer = setInterval(() => {
    if (!res.writableNeedDrain) {
      since = undefined;
      return;
    }
    since ??= Date.now();
    if (Date.now() - since < stallMs) return;
    clearInterval(timer);
    reply.log.warn({ stalledMs: Date.now() - since }, 'download cut off: the client stopped reading');
    stream.destroy();
    res.destroy();
  }, every);
  timer.unref();
  res.on('drain', () => {
    since = undefined;
  });
  res.once('close', () => clearInterval(timer));
}

/** Sends a stream as a download with the given type and file name, cut off if its client stops reading. */
export function sendDownload(
  reply: FastifyReply,
  stream: Readable,
  contentType: string,
  filename: string,
  stallMs: number,
) {
  cutOffWhenStalled(reply, stream, stallMs);
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${safeFilename(filename)}"`)
    .send(stream);
}

/** Sends a CSV stream as a download. */
export const sendCsv = (reply: FastifyReply, stream: Readable, filename: string, stallMs: number) =>
  sendDownload(reply, stream, 'text/csv; charset=utf-8', filename, stallMs);

/** A whole stream in memory (an email attachment). */
export async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
