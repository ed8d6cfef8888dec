/**
 * A report as PDF, drawn on the server with pdfkit (vector text and shapes, no screenshot): title, range,
 * caption, totals, a bar chart of the per-day summary and the first rows of the table. Streamed as drawn.
 */
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';

export type PdfColumn = { header: string; width: number; value: (row: unknown) => string };
export type PdfReport = {
  title: string;
  subtitle: string;
  caption: string;
  totals: { label: string; value: string }[];
  chart: {
    title: string;
    points: { label: string; value: number }[];
    format: (v: number) => string;
    /** Said in the plot when there are no points. */
    empty: string;
    /**
     * As the console draws it: bars from 0 (default), or a line whose axis runs from its lowest point (or the
     * reference) to `top`, with a reference line (the SLA's availability against its target).
     */
    line?: { top: number; reference: { value: number; label: string } };
  };
  columns: PdfColumn[];
  rows: unknown[];
  /** Rows in the whole report (the table shows `rows`, maybe fewer). */
  totalRows: number;
  /** The page's sentences in the reader's language. */
  notes: { generated: string; noRows: string; showingFirst: string };
};

const MARGIN = 36;
const INK = '#1f2937';
const MUTED = '#6b7280';
const BAR = '#2563eb';
const RULE = '#d1d5db';
/** The console's SLA chart colours: availability teal, the target red. */
const LINE = '#0c8599';
const REFERENCE = '#c92a2a';

/** Draws the report; the answer is the PDF stream (read it, or pipe it to the reply). */
export function reportPdf(report: PdfReport): Readable {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: report.title, Author: 'vNOC', Subject: report.subtitle },
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(report.title);
  doc.font('Helvetica').fontSize(11).fillColor(MUTED).text(report.subtitle);
  doc.fontSize(9).text(report.caption);
  doc.text(report.notes.generated);
  doc.moveDown(0.8);

  // Totals: label over value, in a row of boxes.
  const boxes = report.totals;
  const boxWidth = width / Math.max(1, Math.min(boxes.length, 6));
  let y = doc.y;
  boxes.forEach((t, i) => {
    const row = Math.floor(i / 6);
    const x = MARGIN + (i % 6) * boxWidth;
    const top = y + row * 38;
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text(t.label, x, top, { width: boxWidth - 8 });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(t.value, x, top + 11, { width: boxWidth - 8 });
  });
  y += Math.ceil(boxes.length / 6) * 38 + 8;

  y = drawChart(doc, report.chart, MARGIN, y, width, 130);
  drawTable(doc, report, y + 10, width);
  doc.end();
  return doc as unknown as Readable;
}

function drawChart(
  doc: PDFKit.PDFDocument,
  chart: PdfReport['chart'],
  x: number,
  top: number,
  width: number,
  height: number,
) {
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(10).text(chart.title, x, top);
  const plotTop = top + 16;
  const plotHeight = height - 30;
  const axis = 48;
  const plotWidth = width - axis;
  const values = chart.points.map((p) => p.value);
  const max = chart.line ? chart.line.top : Math.max(0, ...values);
  const min = chart.line ? Math.min(max - 1, chart.line.reference.value, ...values) : 0;
  const scale = max > min ? plotHeight / (max - min) : 0;
  const yOf = (v: number) => plotTop + plotHeight - (v - min) * scale;
  doc.lineWidth(0.5).strokeColor(RULE);
  for (const f of [0, 0.5, 1]) {
    const yy = plotTop + plotHeight - f * plotHeight;
    doc
      .moveTo(x + axis, yy)
      .lineTo(x + width, yy)
      .stroke();
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(7)
      .text(chart.format(min + (max - min) * f), x, yy - 4, { width: axis - 4, align: 'right' });
  }
  const n = chart.points.length;
  if (n === 0) {
    doc
      .fillColor(MUTED)
      .fontSize(9)
      .text(chart.empty, x + axis + 8, plotTop + plotHeight / 2 - 5);
  }
  const slot = n > 0 ? plotWidth / n : plotWidth;
  const labelEvery = Math.max(1, Math.ceil(n / 16));
  if (chart.line && n > 0) {
    const { reference } = chart.line;
    const ry = yOf(reference.value);
    doc.save().lineWidth(1).strokeColor(REFERENCE).dash(3, { space: 2 });
    doc
      .moveTo(x + axis, ry)
      .lineTo(x + width, ry)
      .stroke();
    doc.undash().restore();
    doc
      .fillColor(REFERENCE)
      .font('Helvetica')
      .fontSize(7)
      .text(reference.label, x + axis + 4, ry - 9);
    doc.save().lineWidth(1.5).strokeColor(LINE);
    chart.points.forEach((p, i) => {
      const px = x + axis + i * slot + slot / 2;
      if (i === 0) doc.moveTo(px, yOf(p.value));
      else doc.lineTo(px, yOf(p.value));
    });
    doc.stroke().restore();
  }
  chart.points.forEach((p, i) => {
    const bx = x + axis + i * slot + slot * 0.15;
    if (chart.line) doc.circle(x + axis + i * slot + slot / 2, yOf(p.value), 1.8).fill(LINE);
    else {
      const h = Math.max(p.value > 0 ? 0.5 : 0, p.value * scale);
      doc.rect(bx, plotTop + plotHeight - h, slot * 0.7, h).fill(BAR);
    }
    if (i % labelEvery === 0)
      doc
        .fillColor(MUTED)
        .fontSize(6)
        .text(p.label, bx - 6, plotTop + plotHeight + 3, { width: slot * 0.7 + 12, align: 'center' });
  });
  return plotTop + plotHeight + 14;
}

function drawTable(doc: PDFKit.PDFDocument, report: PdfReport, top: number, width: number) {
  const total = report.columns.reduce((n, c) => n + c.width, 0);
  const widths = report.columns.map((c) => (c.width / total) * width);
  const bottom = doc.page.height - MARGIN;
  const rowHeight = 13;
  let y = top;
  /** One line of the table, each text cut to its column. */
  const cells = (texts: string[]) => {
    let x = MARGIN;
    texts.forEach((text, i) => {
      doc.text(text, x + 2, y + 3, { width: (widths[i] ?? 0) - 4, lineBreak: false, ellipsis: true });
      x += widths[i] ?? 0;
    });
    y += rowHeight;
  };
  const newPage = () => {
    doc.addPage();
    y = MARGIN;
  };
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(7).fillColor(INK);
    cells(report.columns.map((c) => c.header));
    doc
      .lineWidth(0.5)
      .strokeColor(RULE)
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .stroke();
  };
  if (y + 3 * rowHeight > bottom) newPage();
  header();
  doc.font('Helvetica').fontSize(7);
  for (const row of report.rows) {
    if (y + rowHeight > bottom) {
      newPage();
      header();
      doc.font('Helvetica').fontSize(7);
    }
    doc.fillColor(INK);
    cells(report.columns.map((c) => c.value(row)));
  }
  if (report.rows.length === 0) {
    doc.fillColor(MUTED).text(report.notes.noRows, MARGIN, y + 4);
    y += rowHeight;
  }
  if (report.totalRows > report.rows.length) {
    if (y + rowHeight > bottom) newPage();
    doc
      .fillColor(MUTED)
      .font('Helvetica-Oblique')
      .fontSize(8)
      .text(report.notes.showingFirst, MARGIN, y + 6);
  }
}
