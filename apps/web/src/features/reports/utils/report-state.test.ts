import { describe, expect, it } from 'vitest';
import {
  addMonths,
  filterCount,
  isDay,
  lastDays,
  rangeLimits,
  rangeProblem,
  readReportState,
  reportFilters,
  reportQuery,
} from './report-state.ts';

const NOW = new Date('2026-11-23T16:00:00.000Z');
const SITE = '5139bf14-590a-4177-9598-e716f0268f74';
const read = (query: string, report: 'online-analytics' | 'sla' | 'cellular-billing' = 'online-analytics') =>
  readReportState(report, new URLSearchParams(query), NOW);

describe('report days (UTC, as the server counts them)', () => {
  it.each([
    ['2026-11-20', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['2026-13-01', false],
    ['20261120', false],
    ['', false],
  ])('isDay(%s) → %s', (value, expected) => expect(isDay(value)).toBe(expected));

  it('defaults to the last 7 complete days, ending yesterday', () => {
    expect(lastDays(NOW)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(lastDays(NOW, 30)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
  });

  it('billing opens on the carrier\'s last fully reported day, not on a day of "Not reported" rows (issue 37)', () => {
    // 01:30 UTC is the Americas' evening: yesterday (UTC) is their today, and the carrier has not reported it.
    const evening = new Date('2026-11-24T01:30:00.000Z');
    const billing = readReportState('cellular-billing', new URLSearchParams(''), evening);
    expect(billing.range).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(readReportState('online-analytics', new URLSearchParams(''), evening).range.to).toBe('2026-11-23');
    // By 10:00 UTC the carrier has reported the day before.
    expect(lastDays(new Date('2026-11-24T10:00:00.000Z'), 7, 'cellular-billing').to).toBe('2026-11-23');
  });

  it('adds calendar months, clamping to the month end', () => {
    expect(addMonths('2025-10-23', 13)).toBe('2026-11-23');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
  });
});

describe('rangeProblem: the server refusals, caught before sending', () => {
  it.each([
    [{ from: '2026-11-16', to: '2026-11-22' }, null],
    [{ from: '2026-11-23', to: '2026-11-23' }, null],
    [{ from: '2026-11-16', to: '2026-11-24' }, 'future'],
    [{ from: '2026-11-22', to: '2026-11-16' }, 'reversed'],
    [{ from: '2025-10-24', to: '2026-11-23' }, null],
    [{ from: '2025-10-23', to: '2026-11-23' }, 'tooLong'],
    [{ from: '', to: '2026-11-16' }, 'missing'],
  ] as const)('%o → %s', (range, problem) => expect(rangeProblem(range, NOW)).toBe(problem));

  it('limits the pickers to what the server accepts', () => {
    expect(rangeLimits({ from: '2026-11-16', to: '2026-11-22' }, NOW)).toEqual({
      fromMin: '2025-10-23',
      fromMax: '2026-11-22',
      toMin: '2026-11-16',
      toMax: '2026-11-23',
    });
    // A start 13 months back: the end may not pass the 13 months.
    expect(rangeLimits({ from: '2025-01-10', to: '2025-02-01' }, NOW).toMax).toBe('2026-02-09');
  });
});

describe('readReportState: the screen state in the address bar', () => {
  it('defaults: last 7 days, first page of 50, the server order, no filters', () => {
    const state = read('');
    expect(state).toMatchObject({
      range: { from: '2026-11-16', to: '2026-11-22' },
      customRange: false,
      table: { page: 0, pageSize: 50, sort: null },
      site: null,
      group: null,
      model: [],
      q: '',
      target: null,
    });
    expect(filterCount(state)).toBe(0);
  });

  it('reads range, paging, sorting and filters; a reversed range is kept for the server to refuse', () => {
    const state = read(
      `from=2026-11-20&to=2026-11-10&page=3&size=25&sort=wanBytesReceived-desc&site=${SITE}&group=nope&model=MX68,Z3&q=%20Main%20`,
    );
    expect(state.range).toEqual({ from: '2026-11-20', to: '2026-11-10' });
    expect(state.customRange).toBe(true);
    expect(state.table).toEqual({ page: 2, pageSize: 25, sort: { id: 'wanBytesReceived', desc: true } });
    expect(state.site).toBe(SITE);
    expect(state.group).toBeNull();
    expect(state.model).toEqual(['MX68', 'Z3']);
    expect(state.q).toBe('Main');
    expect(filterCount(state)).toBe(3);
  });

  it('drops a sort field the report does not have, and a target outside the SLA report', () => {
    expect(read('sort=usage_backup-asc').table.sort).toBeNull();
    expect(read('sort=usage_backup-asc', 'cellular-billing').table.sort).toEqual({
      id: 'usage_backup',
      desc: false,
    });
    expect(read('target=99', 'online-analytics').target).toBeNull();
    expect(read('target=99', 'sla').target).toBe(99);
    expect(read('target=20', 'sla').target).toBeNull();
  });

  it('builds the API query: paged for the table, unpaged for the exports and subscriptions', () => {
    const state = read(`from=2026-11-01&to=2026-11-07&sort=date-asc&page=2&model=MX68&q=main&site=${SITE}`);
    expect(reportQuery(state)).toEqual({
      from: '2026-11-01',
      to: '2026-11-07',
      sorting: 'date-asc',
      siteId: SITE,
      model: 'MX68',
      q: 'main',
      page: 1,
      pageSize: 50,
    });
    expect(reportQuery(state, false)).not.toHaveProperty('page');
    expect(reportFilters(state)).toEqual({ siteId: SITE, model: 'MX68', q: 'main' });
  });
});
