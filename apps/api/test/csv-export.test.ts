import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { bufferOf, csvStream, inertField } from '../src/modules/csv-export.ts';

describe('inertField: nothing a person typed runs as a spreadsheet formula', () => {
  it.each([
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
  ])('%j → %j', (input, written) => {
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
