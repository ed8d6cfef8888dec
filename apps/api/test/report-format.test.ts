import { REPORT_CATALOGUE, type ReportId, type ReportInfo, type SlaPage, type SlaRow } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import {
  fileName,
  formatBytes,
  formatDateTime,
  formatDay,
  formatDuration,
  rangeText,
} from '../src/modules/reports/format.ts';
import { pdfReportOf, totalsLines } from '../src/modules/reports/pdf-content.ts';
import { presentPage } from '../src/modules/reports/present.ts';
import { modelsOf, resolveRange, resolveSorting } from '../src/modules/reports/query.ts';
import { reportEmail } from '../src/modules/reports/report-email.ts';
import type { DayTotals } from '../src/modules/reports/repository/totals.ts';
import { nextRunAfter, rangeOfRun } from '../src/modules/reports/schedule.ts';

// The reports' pure pieces (no database): how a query is checked, how figures are written for people, what
// the PDF and the email say, and how a page is assembled from its rows and sums.

const info = (id: ReportId) => REPORT_CATALOGUE.find((r) => r.id === id) as ReportInfo;
const NOW = new Date('2026-03-10T12:00:00.000Z');

describe('report formats', () => {
  it('writes bytes in base-1024 units with about 3 significant digits, in the reader’s number format', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(1024)).toBe('1.00 KB');
    expect(formatBytes(10.5 * 1024)).toBe('10.5 KB');
    expect(formatBytes(150 * 1024 ** 2)).toBe('150 MB');
    expect(formatBytes(2 * 1024 ** 5)).toBe('2.00 PB');
    expect(formatBytes(3 * 1024 ** 6)).toBe('3,072 PB');
    expect(formatBytes(1.5 * 1024, 'es-ES')).toBe('1,50 KB');
  });

  it('writes times as MM/DD/YYYY hh:mm A in UTC, days as MM/DD/YYYY, and no time as a dash', () => {
    expect(formatDateTime('2026-03-01T00:05:00.000Z')).toBe('03/01/2026 12:05 AM UTC');
    expect(formatDateTime('2026-12-31T12:00:00.000Z')).toBe('12/31/2026 12:00 PM UTC');
    expect(formatDateTime('2026-07-04T13:30:00.000Z')).toBe('07/04/2026 01:30 PM UTC');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDay('2026-03-01')).toBe('03/01/2026');
  });

  it('writes durations in days, hours and minutes from the largest unit present', () => {
    expect(formatDuration(29)).toBe('0m');
    expect(formatDuration(90)).toBe('2m');
    expect(formatDuration(3600 + 120)).toBe('1h 2m');
    expect(formatDuration(2 * 86_400 + 3 * 3600 + 4 * 60)).toBe('2d 3h 4m');
    expect(formatDuration(86_400)).toBe('1d 0h 0m');
  });

  it('names files by report and range, and says the range in the reader’s language', () => {
    expect(fileName('sla', { from: '2026-03-01', to: '2026-03-07' }, 'pdf')).toBe(
      'sla-2026-03-01-to-2026-03-07.pdf',
    );
    expect(rangeText('2026-03-01', '2026-03-07')).toBe('03/01/2026 – 03/07/2026 (UTC days)');
    expect(rangeText('2026-03-01', '2026-03-07', 'es')).toBe('03/01/2026 – 03/07/2026 (días UTC)');
  });
});

describe('report query checks', () => {
  const range = (from?: string, to?: string) => resolveRange({ from, to }, NOW);
  const refusal = (f: () => unknown) => {
    try {
      f();
    } catch (err) {
      return err;
    }
    throw new Error('not refused');
  };

  it('defaults to the 7 days before today; from alone runs 7 days, not past today; to alone ends the 7 days', () => {
    expect(range()).toEqual({ from: '2026-03-03', to: '2026-03-09' });
    expect(range('2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-07' });
    expect(range('2026-03-08')).toEqual({ from: '2026-03-08', to: '2026-03-10' });
    expect(range(undefined, '2026-02-02')).toEqual({ from: '2026-01-27', to: '2026-02-02' });
  });

  it('billing opens on the last day the carrier reported in full, not on a day of "Not reported" rows (issue 37)', () => {
    // The carrier reports a day within 10 hours of its end: at 09:59 UTC yesterday may still be missing.
    const billing = (at: string) => resolveRange({}, new Date(at), 'cellular-billing');
    expect(billing('2026-03-10T09:59:59.000Z')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(billing('2026-03-10T10:00:00.000Z')).toEqual({ from: '2026-03-03', to: '2026-03-09' });
    expect(resolveRange({}, new Date('2026-03-10T09:59:59.000Z'), 'online-analytics').to).toBe('2026-03-09');
  });

  it('refuses a range in the future, reversed, or of 13 months or more (400 naming the field)', () => {
    expect(refusal(() => range('2026-03-11'))).toMatchObject({ statusCode: 400, errors: [{ path: 'from' }] });
    expect(refusal(() => range('2026-03-01', '2026-03-11'))).toMatchObject({ errors: [{ path: 'to' }] });
    expect(refusal(() => range('2026-03-05', '2026-03-01'))).toMatchObject({ errors: [{ path: 'from' }] });
    // 13 calendar months from 2025-02-01 end on 2026-02-28; a day more is too long.
    expect(range('2025-02-01', '2026-02-28')).toEqual({ from: '2025-02-01', to: '2026-02-28' });
    expect(refusal(() => range('2025-02-01', '2026-03-01'))).toMatchObject({
      message: 'The date range can be at most 13 months long.',
    });
    // From the 31st: the 13th month has no 31st, so its last day is the limit.
    expect(refusal(() => range('2025-01-31', '2026-02-28'))).toMatchObject({ errors: [{ path: 'to' }] });
    expect(range('2025-01-31', '2026-02-27')).toEqual({ from: '2025-01-31', to: '2026-02-27' });
  });

  it('sorts by the report’s default, or by one of its fields as field-asc / field-desc only', () => {
    expect(resolveSorting('sla', undefined)).toEqual({
      text: 'availability-asc',
      sort: { field: 'availability', desc: false },
    });
    expect(resolveSorting('online-analytics', 'percentOffline-desc').sort).toEqual({
      field: 'percentOffline',
      desc: true,
    });
    for (const bad of ['date', 'date-up', '-asc', 'usage_backup-asc'])
      expect(
        refusal(() => resolveSorting('online-analytics', bad)),
        bad,
      ).toMatchObject({
        statusCode: 400,
        errors: [{ path: 'sorting' }],
      });
  });

  it('reads a comma-separated model list, trimmed, at most 50 names of at most 100 characters', () => {
    expect(modelsOf(' MR36, E300 ,, ')).toEqual(['MR36', 'E300']);
    expect(modelsOf('')).toBeUndefined();
    expect(modelsOf(undefined)).toBeUndefined();
    expect(modelsOf(Array.from({ length: 50 }, (_, i) => `m${i}`).join(','))).toHaveLength(50);
    expect(refusal(() => modelsOf(Array.from({ length: 51 }, (_, i) => `m${i}`).join(',')))).toMatchObject({
      errors: [{ path: 'model' }],
    });
    expect(refusal(() => modelsOf('x'.repeat(101)))).toMatchObject({ errors: [{ path: 'model' }] });
  });
});

const sums = (over: Partial<DayTotals> = {}): DayTotals => ({
  row_count: 4,
  devices: 2,
  seconds_online: 3 * 86_400 - 7800,
  seconds_offline: 7800,
  seconds_on_backup: 3600,
  seconds_on_primary: 3 * 86_400 - 7800 - 3600,
  offline_events: 1,
  backup_events: 2,
  wan_bytes_received: 1024 ** 3,
  wan_bytes_transmitted: 1024 ** 2,
  usage_backup: 5 * 1024 ** 2,
  reported_rows: 3,
  awaiting_rows: 1,
  devices_on_backup: 1,
  ...over,
});
const head = { from: '2026-03-01', to: '2026-03-02', sorting: 'date-desc' };

describe('report pages', () => {
  it('count device-days for the per-device reports and sites for the SLA, with shares that add up to 100', () => {
    const parts = { rows: [], totals: sums(), series: [{ ...sums(), date: '2026-03-01' }] };
    const online = presentPage('online-analytics', head, parts, 99.9, 0, 50);
    expect(online).toMatchObject({ report: 'online-analytics', totalElements: 4, totalPages: 1, ...head });
    if (online.report !== 'online-analytics') throw new Error('online-analytics');
    // Of 259 200 s: primary 95.6019 % + backup 1.3889 % online, offline the rest of 100 (not 7800 s rounded apart).
    expect(online.totals).toMatchObject({
      percentOffline: 3.0092,
      percentOnPrimary: 95.6019,
      percentOnBackup: 1.3889,
      percentOnline: 96.9908,
      secondsOffline: 7800,
      offlineEvents: 1,
      wanBytesReceived: 1024 ** 3,
    });
    expect(online.summary.series[0]).toMatchObject({ date: '2026-03-01', percentOffline: 3.0092 });

    const sla = presentPage('sla', head, { ...parts, sites: { sites: 3, met: 1 } }, 99.9, 1, 2);
    expect(sla).toMatchObject({ totalElements: 3, totalPages: 2, page: 1 });
    expect(sla.totals).toMatchObject({
      sites: 3,
      sitesMeetingTarget: 1,
      target: 99.9,
      availability: 96.9908,
      percentDown: 3.0092,
    });
    // Nothing recorded: every share 0, none of them NaN.
    const empty = presentPage(
      'sla',
      head,
      { rows: [], totals: sums({ seconds_online: 0, seconds_offline: 0 }), series: [] },
      99.9,
      0,
      50,
    );
    expect(empty).toMatchObject({ totalElements: 0, totals: { availability: 0, percentDown: 0 } });
  });
});

const slaRow: SlaRow = {
  id: 's1',
  siteId: 's1',
  siteName: 'Alpha Store',
  address: null,
  city: 'Austin',
  state: 'TX',
  zip: null,
  country: 'US',
  devices: 2,
  secondsObserved: 172_800,
  secondsOnPrimary: 160_000,
  secondsOnBackup: 5000,
  secondsDown: 7800,
  availability: 95.4861,
  percentOnPrimary: 92.5926,
  percentOnBackup: 2.8935,
  percentDown: 4.5139,
  downEvents: 1,
  backupEvents: 1234,
  target: 99.9,
  met: false,
};
const slaPage = (rows: SlaRow[], total: number): SlaPage => ({
  report: 'sla',
  ...head,
  content: rows,
  page: 0,
  pageSize: 300,
  totalElements: total,
  totalPages: 1,
  totals: {
    sites: total,
    sitesMeetingTarget: 1234,
    target: 99.9,
    availability: 95.4861,
    percentOnPrimary: 92.5926,
    percentOnBackup: 2.8935,
    percentDown: 4.5139,
    secondsDown: 7800,
    secondsOnBackup: 5000,
    downEvents: 1,
    backupEvents: 1,
  },
  summary: { series: [{ date: '2026-03-01', availability: 99, percentOnBackup: 0.5, percentDown: 1 }] },
});

describe('report PDF and email content', () => {
  it('labels the totals in the reader’s language and number format', () => {
    const page = slaPage([slaRow], 2000);
    expect(totalsLines(page)).toEqual([
      // As the console writes them (issue 37 point 6): at most 2 decimals; the JSON and CSV keep 4.
      { label: 'Availability', value: '95.49 %' },
      { label: 'Target', value: '99.9 %' },
      { label: 'Sites meeting target', value: '1,234 of 2,000' },
      { label: 'On backup', value: '2.89 %' },
      { label: 'Down', value: '4.51 %' },
      { label: 'Outages', value: '1' },
      { label: 'Failovers', value: '1' },
    ]);
    expect(totalsLines(page, 'es').slice(0, 3)).toEqual([
      { label: 'Disponibilidad', value: '95,49 %' },
      { label: 'Objetivo', value: '99,9 %' },
      { label: 'Sitios que cumplen el objetivo', value: '1234 de 2000' },
    ]);
  });

  it('lays out the columns, the chart and the notes of the PDF', () => {
    const pdf = pdfReportOf(info('sla'), slaPage([slaRow], 2000), 'es', NOW);
    expect(pdf).toMatchObject({
      title: 'Disponibilidad de sitios (SLA)',
      subtitle: '03/01/2026 – 03/02/2026 (días UTC)',
      totalRows: 2000,
      notes: {
        generated: 'Generado el 03/10/2026 12:00 PM UTC',
        showingFirst: 'Se muestran las primeras 1 de 2000 filas. Exporte el CSV para verlas todas.',
      },
    });
    expect(pdf.columns.map((c) => c.header)).toEqual([
      'Sitio',
      'Ciudad',
      'Estado',
      'Disponibilidad',
      'Objetivo',
      'Cumple',
      'En respaldo',
      'Caído',
      'Tiempo caído',
      'Tiempo en respaldo',
      'Caídas',
      'Conmutaciones',
    ]);
    expect(pdf.columns.map((c) => c.value(slaRow))).toEqual([
      'Alpha Store',
      'Austin',
      'TX',
      '95,49 %',
      '99,9 %',
      'NO',
      '2,89 %',
      '4,51 %',
      '2h 10m',
      '1h 23m',
      '1',
      '1234',
    ]);
    // The console's chart: availability per day as a line against the target, not downtime bars.
    expect(pdf.chart.title).toBe('Disponibilidad por día frente al objetivo');
    expect(pdf.chart.points).toEqual([{ label: '03/01', value: 99 }]);
    expect(pdf.chart.line).toEqual({ top: 100, reference: { value: 99.9, label: 'Objetivo 99,9 %' } });
    expect(pdf.chart.format(99.25)).toBe('99,25 %');
    expect(pdf.chart.empty).toBe('No hay muestras en este intervalo.');
  });

  it('writes the email: range, totals, rows, and that the CSV was cut when it was', () => {
    const whole = reportEmail(info('sla'), 'weekly', slaPage([slaRow], 2), 'en', 100_000);
    expect(whole.subject).toBe('vNOC report: Site availability (SLA), 2026-03-01 to 2026-03-02');
    expect(whole.body.split('\n')).toEqual([
      'Your weekly Site availability (SLA) report for 03/01/2026 – 03/02/2026 (UTC days) is attached as CSV and PDF.',
      '',
      'Availability: 95.49 %',
      'Target: 99.9 %',
      'Sites meeting target: 1,234 of 2',
      'On backup: 2.89 %',
      'Down: 4.51 %',
      'Outages: 1',
      'Failovers: 1',
      '',
      'Rows: 2.',
      '',
      'You receive this because you subscribed to it in vNOC → Reports. Remove the subscription there to stop it.',
    ]);
    const cut = reportEmail(info('sla'), 'monthly', slaPage([], 100_001), 'es', 100_000);
    expect(cut.subject).toBe('Informe de vNOC: Disponibilidad de sitios (SLA), del 2026-03-01 al 2026-03-02');
    expect(cut.body).toContain('su informe mensual «Disponibilidad de sitios (SLA)»');
    expect(cut.body).toContain(
      'Filas: 100.001 (el CSV contiene las primeras 100.000; exporte el resto desde vNOC).',
    );
  });
});

describe('report schedule', () => {
  const at = (iso: string) => new Date(iso);
  it('sends weekly on the next Monday at 06:00 UTC, the same Monday when it is still before 06:00', () => {
    expect(nextRunAfter('weekly', at('2026-03-16T05:59:59Z')).toISOString()).toBe('2026-03-16T06:00:00.000Z');
    expect(nextRunAfter('weekly', at('2026-03-16T06:00:00Z')).toISOString()).toBe('2026-03-23T06:00:00.000Z');
    expect(nextRunAfter('weekly', at('2026-03-15T23:00:00Z')).toISOString()).toBe('2026-03-16T06:00:00.000Z');
  });

  it('sends monthly on the 1st at 06:00 UTC, across the year end', () => {
    expect(nextRunAfter('monthly', at('2026-12-01T06:00:00Z')).toISOString()).toBe(
      '2027-01-01T06:00:00.000Z',
    );
    expect(nextRunAfter('monthly', at('2026-12-31T23:59:00Z')).toISOString()).toBe(
      '2027-01-01T06:00:00.000Z',
    );
  });

  it('covers the 7 days before a weekly run and the previous calendar month of a monthly one', () => {
    expect(rangeOfRun('weekly', at('2026-03-02T06:00:00Z'))).toEqual({
      from: '2026-02-23',
      to: '2026-03-01',
    });
    expect(rangeOfRun('monthly', at('2026-01-01T06:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(rangeOfRun('monthly', at('2024-03-01T06:00:00Z'))).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
  });
});
