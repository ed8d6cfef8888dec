import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { bufferOf } from '../src/http/csv-export.ts';
import { type PdfReport, reportPdf } from '../src/modules/reports/pdf.ts';

// The PDF's drawing (pdfkit), read back as text: no database.

const report = (rows: number, totalRows = rows, points = 3): PdfReport => ({
  title: 'Site availability (SLA)',
  subtitle: '03/01/2026 – 03/02/2026 (UTC days)',
  caption: 'Per site, over the range.',
  totals: [
    { label: 'Availability', value: '95.4861 %' },
    { label: 'Down', value: '4.5139 %' },
  ],
  chart: {
    title: 'Downtime per day',
    points: Array.from({ length: points }, (_, i) => ({ label: `03/0${i + 1}`, value: i })),
    format: (v) => `${v.toFixed(2)} %`,
    empty: 'No samples in this range.',
  },
  columns: [
    { header: 'Site', width: 3, value: (r) => (r as { name: string }).name },
    { header: 'Outages', width: 1, value: (r) => String((r as { n: number }).n) },
  ],
  rows: Array.from({ length: rows }, (_, i) => ({ name: `Store ${i + 1}`, n: i })),
  totalRows,
  notes: { generated: 'Generated now', noRows: 'No rows match.', showingFirst: 'Showing the first rows.' },
});
const textOf = async (r: PdfReport) => {
  const parsed = await new PDFParse({ data: await bufferOf(reportPdf(r)) }).getText();
  return { text: parsed.text, pages: parsed.pages.length };
};
const count = (text: string, word: string) => text.split(word).length - 1;

describe('report PDF', () => {
  it('draws title, range, totals, chart and every row, repeating the header on each page', async () => {
    const { text, pages } = await textOf(report(120));
    for (const part of [
      'Site availability (SLA)',
      '03/01/2026 – 03/02/2026 (UTC days)',
      'Availability',
      '95.4861 %',
    ])
      expect(text).toContain(part);
    expect(text).toContain('Downtime per day');
    expect(text).toContain('Store 1');
    expect(text).toContain('Store 120');
    // 120 rows do not fit one landscape page: the table goes on, under its header again.
    expect(pages).toBeGreaterThan(1);
    expect(count(text, 'Outages')).toBe(pages);
    expect(text).not.toContain('Showing the first rows.');
    expect(text).not.toContain('No rows match.');
  });

  it('says when the table shows only the first rows, when there are none, and when the chart is empty', async () => {
    expect((await textOf(report(2, 500))).text).toContain('Showing the first rows.');
    const empty = (await textOf(report(0, 0, 0))).text;
    expect(empty).toContain('No rows match.');
    expect(empty).toContain('No samples in this range.');
    expect(empty).not.toContain('Showing the first rows.');
  });
});
