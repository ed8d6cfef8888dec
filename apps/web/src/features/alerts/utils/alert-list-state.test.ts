import { describe, expect, it } from 'vitest';
import enAlerts from '../../../locales/en/alerts.json' with { type: 'json' };
import esAlerts from '../../../locales/es/alerts.json' with { type: 'json' };
import {
  alertFilterRequest,
  alertListRequest,
  filterCount,
  hasFilters,
  isoToLocal,
  localToIso,
  rangeReversed,
  readAlertListState,
  toggleSeverity,
  usesDefaultOrder,
} from './alert-list-state.ts';

const read = (query: string) => readAlertListState(new URLSearchParams(query));
const SITE = '33333333-3333-4333-8333-333333333333';
const GROUP = '99999999-9999-4999-8999-999999999999';

describe('readAlertListState: the address bar → filters', () => {
  it.each([
    ['', 'status', 'active'],
    ['status=cleared', 'status', 'cleared'],
    ['status=all', 'status', 'active'],
    ['code=site_offline,high_latency', 'code', ['site_offline', 'high_latency']],
    ['code=site_offline,nonsense,site_offline', 'code', ['site_offline']],
    ['severity=critical,bogus,minor', 'severity', ['critical', 'minor']],
    [`group=${GROUP}`, 'group', GROUP],
    ['group=not-a-uuid', 'group', null],
    [`site=${SITE}`, 'site', SITE],
    ['device=123', 'device', null],
    ['q=%20Store%2012%20', 'q', 'Store 12'],
    ['from=2026-03-02T08:00', 'from', '2026-03-02T08:00'],
    ['from=yesterday', 'from', ''],
    ['to=2026-03-02T08:00:30', 'to', '2026-03-02T08:00:30'],
    [`alert=${SITE}`, 'alert', SITE],
    ['alert=x', 'alert', null],
  ])('%s → %s %j', (query, key, value) => {
    expect(read(query)[key as keyof ReturnType<typeof read>]).toEqual(value);
  });

  it.each([
    ['sort=severity-asc', { id: 'severity', desc: false }],
    ['sort=clearedAt-desc', { id: 'clearedAt', desc: true }],
    ['sort=device-asc', null],
  ])('%s → sort %j', (query, sort) => {
    expect(read(query).table.sort).toEqual(sort);
  });
});

describe('alertListRequest: filters → GET alert', () => {
  it('sends the filters and the page; nothing for filters left empty', () => {
    expect(
      alertListRequest(
        read(
          `status=cleared&page=2&size=25&sort=raisedAt-asc&code=on_backup&severity=major&group=${GROUP}&site=${SITE}&q=store`,
        ),
      ),
    ).toEqual({
      status: 'cleared',
      page: 1,
      pageSize: 25,
      sorting: 'raisedAt-asc',
      code: ['on_backup'],
      severity: ['major'],
      groupId: GROUP,
      siteId: SITE,
      deviceId: undefined,
      q: 'store',
      from: undefined,
      to: undefined,
    });
    expect(alertListRequest(read(''))).toEqual({
      status: 'active',
      page: 0,
      pageSize: 50,
      sorting: undefined,
      code: undefined,
      severity: undefined,
      groupId: undefined,
      siteId: undefined,
      deviceId: undefined,
      q: undefined,
      from: undefined,
      to: undefined,
    });
  });

  it('sends the date range as ISO times of the local ones', () => {
    const request = alertFilterRequest(read('from=2026-03-02T08:00&to=2026-03-02T20:30'));
    expect(request.from).toBe(new Date(2026, 2, 2, 8, 0).toISOString());
    expect(request.to).toBe(new Date(2026, 2, 2, 20, 30).toISOString());
  });

  it.each([
    ['from=2026-03-02T08:00&to=2026-03-01T08:00', true],
    ['from=2026-03-02T08:00&to=2026-03-02T08:00', false],
    ['from=2026-03-02T08:00', false],
    ['to=2026-03-02T08:00', false],
  ])('a backwards range (%s → %s) is not sent', (query, reversed) => {
    const state = read(query);
    expect(rangeReversed(state)).toBe(reversed);
    const request = alertFilterRequest(state);
    if (reversed) expect([request.from, request.to]).toEqual([undefined, undefined]);
    else expect(request.from ?? request.to).toBeDefined();
  });
});

describe('toggleSeverity: pressing a severity count', () => {
  it.each([
    [[], 'major', ['major']],
    [['major'], 'major', []],
    [['minor'], 'critical', ['critical', 'minor']],
    [['info', 'critical'], 'major', ['critical', 'major', 'info']],
  ] as const)('%j + %s → %j', (current, severity, next) => {
    expect(toggleSeverity(current, severity)).toEqual(next);
  });
});

describe('hasFilters and filterCount', () => {
  it.each([
    ['', 0],
    ['status=cleared&page=3&sort=raisedAt-asc', 0],
    ['severity=info,major', 1],
    ['q=store', 1],
    [`site=${SITE}&code=on_backup`, 2],
    ['from=2026-03-02T06:00&to=2026-03-02T08:00', 2],
  ])('%s → %s', (query, count) => {
    expect(filterCount(read(query))).toBe(count);
    expect(hasFilters(read(query))).toBe(count > 0);
  });
});

describe('local date-times', () => {
  it('round-trip between the input and ISO', () => {
    const local = '2026-11-23T09:45';
    expect(isoToLocal(localToIso(local) as string)).toBe(local);
    expect(localToIso('')).toBeUndefined();
    expect(localToIso('2026-13-45T99:99')).toBeUndefined();
    expect(isoToLocal('nonsense')).toBe('');
  });
});

describe('the default order (issue 37)', () => {
  const state = (query: string) => readAlertListState(new URLSearchParams(query));

  it("the active tab without a chosen sort asks for the server's order and says it", () => {
    expect(alertListRequest(state('')).sorting).toBeUndefined();
    expect(usesDefaultOrder(state(''))).toBe(true);
    expect(usesDefaultOrder(state('alert=6f1c2f0e-6a43-4a4e-9d55-2f3b9a3c1d10'))).toBe(true);
  });

  it('a chosen sort, or the cleared tab, is not the default order', () => {
    expect(alertListRequest(state('sort=raisedAt-desc')).sorting).toBe('raisedAt-desc');
    expect(usesDefaultOrder(state('sort=raisedAt-desc'))).toBe(false);
    expect(usesDefaultOrder(state('status=cleared'))).toBe(false);
  });

  it('is worded in both languages', () => {
    expect(enAlerts.list.defaultOrder).toBe(
      'Unacknowledged first, then the worst severity, then the newest.',
    );
    expect(esAlerts.list.defaultOrder).toMatch(/^Primero las no reconocidas/);
  });
});
