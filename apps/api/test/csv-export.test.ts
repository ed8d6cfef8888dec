import { once } from 'node:events';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferOf, copyCsv, csvStream, inertField, inertSql } from '../src/http/csv-export.ts';
import { connectDatabase } from '../src/plugins/db.ts';
import { createTestDatabase } from './helpers.ts';

const INERT: [string, string][] = [
  ['=HYPERLINK("http://evil.example","Click")', `'=HYPERLINK("http://evil.example","Click")`],
  ['+1+cmd|/C calc!A0', `'+1+cmd|/C calc!A0`],
  ['-2+3', `'-2+3`],
  ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
  ['\t=1+1', `'\t=1+1`],
  ['\r=1+1', `'\r=1+1`],
  // Figures stay figures.
  ['-12', '-12'],
  ['-12.5', '-12.5'],
  ['+34', '+34'],
  ['-1e3', '-1e3'],
  ['-5%', '-5%'],
  // Ordinary text, and text with a sign further in, is left alone.
  ['Acme Albuquerque South', 'Acme Albuquerque South'],
  ['a=b', 'a=b'],
  ['', ''],
];

describe('inertField: nothing a person typed runs as a spreadsheet formula', () => {
  it.each(INERT)('%j → %j', (input, written) => {
    expect(inertField(input)).toBe(written);
  });

  it('keeps numbers as numbers and writes null and undefined as empty', () => {
    expect(inertField(-3)).toBe(-3);
    expect(inertField(0)).toBe(0);
    expect(inertField(null)).toBe('');
    expect(inertField(undefined)).toBe('');
  });
});

describe('csvStream', () => {
  it('quotes as RFC 4180 and makes formula text inert, parsed back field for field', async () => {
    type Row = { name: string; note: string | null; figure: number };
    const rows: Row[] = [
      { name: '=cmd|" /C calc"!A0', note: 'line one\nline "two", three', figure: -4 },
      { name: 'Sucursal Año Nuevo', note: null, figure: 12.5 },
    ];
    const csv = await bufferOf(
      csvStream<Row>(
        [
          { header: 'Name', value: (r) => r.name },
          { header: 'Note', value: (r) => r.note },
          { header: 'Figure', value: (r) => r.figure },
        ],
        rows,
        { bom: true },
      ),
    );
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const parsed = parse(csv, { bom: true }) as string[][];
    expect(parsed).toEqual([
      ['Name', 'Note', 'Figure'],
      [`'=cmd|" /C calc"!A0`, 'line one\nline "two", three', '-4'],
      ['Sucursal Año Nuevo', '', '12.5'],
    ]);
  });
});

describe('copyCsv: PostgreSQL writes the file (the reports)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('inertSql makes inert exactly what inertField does', async () => {
    const inputs = INERT.map(([input]) => input);
    const { rows } = await database.db.execute<{ written: string }>(sql`
      select ${inertSql(sql`u.v`)} as written
      from unnest(${sql.param(inputs)}::text[]) with ordinality as u(v, i) order by u.i`);
    expect(rows.map((r) => r.written)).toEqual(INERT.map(([, written]) => written));
  });

  it('quotes as RFC 4180, writes NULL as an empty field, and takes its bound values as literals', async () => {
    const names = [`O'Brien \\ "Main", Store`, 'line one\nline two', 'Sucursal Año Nuevo', '$1 off'];
    const csv = await bufferOf(
      copyCsv(
        database.db,
        sql`select u.v as "name", u.i as "figure", null::text as "note"
          from unnest(${sql.param(names)}::text[]) with ordinality as u(v, i)
          where u.v = any(${sql.param(names)}::text[]) and u.v <> ${"'; drop table users; --"} order by u.i`,
        { bom: true },
      ),
    );
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(parse(csv, { bom: true })).toEqual([
      ['name', 'figure', 'note'],
      ...names.map((name, i) => [name, String(i + 1), '']),
    ]);
    expect(csv.toString()).toContain('"O\'Brien \\ ""Main"", Store"');
    const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(rows[0]?.n).toBeGreaterThanOrEqual(0);
  });

  it('an error in the statement ends the stream with it', async () => {
    await expect(bufferOf(copyCsv(database.db, sql`select 1 / ${0} as x`))).rejects.toThrow(
      /division by zero/,
    );
  });

  it('a reader that goes away mid-copy leaves the pool usable: the connection is closed, not handed back mid-COPY', async () => {
    const url = (database.pool.options as { connectionString: string }).connectionString;
    const single = connectDatabase(url, 1);
    try {
      const stream = copyCsv(
        single.db,
        sql`select g as n, repeat('x', 200) as pad from generate_series(1, 2000000) g`,
      );
      await once(stream, 'data');
      stream.destroy();
      const { rows } = await single.pool.query<{ one: number }>('select 1 as one');
      expect(rows[0]?.one).toBe(1);
    } finally {
      await single.close();
    }
  });
});
