import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpDay } from '../src/fleet/gateway/daily.ts';
import { createDevice, createOrganization, createSite, createUser, tokenFor } from './factories.ts';
import { bearer } from './helpers.ts';
import { type ClockedApp, createClockedApp } from './notifications-app.ts';

/**
 * Issue 37 point 6: the SLA report counted sites still pending installation as 100 % down. A device-day counts
 * once the device is installed (first up); the PDF writes the screen's figures (at most 2 decimals) and draws
 * the screen's chart (availability per day against the target).
 */
const H = 3_600_000;
const D1 = Date.parse('2026-03-01T00:00:00.000Z');
const D2 = D1 + 24 * H;
const D3 = D2 + 24 * H;
const RANGE = 'from=2026-03-01&to=2026-03-03';

let t: ClockedApp;
let token: string;

async function intervals(
  device: { id: string; organizationId: string },
  spans: [string, number, number | null][],
) {
  for (const [status, from, to] of spans)
    await t.pool.query(
      'insert into device_status_intervals (device_id, organization_id, status, started_at, ended_at) values ($1, $2, $3, $4, $5)',
      [
        device.id,
        device.organizationId,
        status,
        new Date(from).toISOString(),
        to === null ? null : new Date(to).toISOString(),
      ],
    );
}

beforeAll(async () => {
  t = await createClockedApp();
  t.set(D3 + 30 * H);
  const org = await createOrganization(t.db, { entitlements: ['analytics'] });
  token = await tokenFor(t.db, await createUser(t.db, org, { role: 'ADMINISTRATOR' }), 'full');
  const live = await createSite(t.db, org, { name: 'Live Store' });
  const pending = await createSite(t.db, org, { name: 'Pending Store' });
  const installed = await createSite(t.db, org, { name: 'New Store' });
  const dark = await createSite(t.db, org, { name: 'Dark Store' });
  // Live: up throughout but 1 h offline on D2 (3 days of 86 400 s, 3600 down → 98.6111 %).
  await intervals(await createDevice(t.db, live, { macAddress: 'aa:00:00:00:01:01' }), [
    ['online', D1 - 24 * H, D2 + 10 * H],
    ['offline', D2 + 10 * H, D2 + 11 * H],
    ['online', D2 + 11 * H, null],
  ]);
  // Pending installation the whole range: not in the SLA at all.
  await intervals(
    await createDevice(t.db, pending, {
      status: 'pending',
      connection: 'none',
      macAddress: 'aa:00:00:00:02:01',
    }),
    [['pending', D1 - 24 * H, null]],
  );
  // Installed on D2 at 00:00: D1 (pending) is left out; D2 and D3 count, all up.
  await intervals(await createDevice(t.db, installed, { kind: '5g', macAddress: 'aa:00:00:00:03:01' }), [
    ['pending', D1 - 24 * H, D2],
    ['online', D2, null],
  ]);
  // Installed before the range, then offline the whole range: that is downtime, 0 % available.
  await intervals(
    await createDevice(t.db, dark, {
      status: 'offline',
      connection: 'none',
      macAddress: 'aa:00:00:00:04:01',
    }),
    [
      ['online', D1 - 24 * H, D1],
      ['offline', D1, null],
    ],
  );
  for (const day of [D1 - 24 * H, D1, D2, D3]) await rollUpDay(t.db, 77, day, D3 + 25 * H);
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('SLA: sites not yet installed', () => {
  it('leaves out a site pending installation and the days before a site was installed; an installed site down is down', async () => {
    const res = await get(`/api/reports/sla?${RANGE}&target=99`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const bySite = Object.fromEntries(body.content.map((r: { siteName: string }) => [r.siteName, r]));
    expect(Object.keys(bySite).sort()).toEqual(['Dark Store', 'Live Store', 'New Store']);
    expect(bySite['New Store']).toMatchObject({
      secondsObserved: 2 * 86_400,
      secondsDown: 0,
      availability: 100,
      met: true,
    });
    expect(bySite['Live Store']).toMatchObject({
      secondsObserved: 3 * 86_400,
      secondsDown: 3600,
      availability: 98.6111,
    });
    expect(bySite['Dark Store']).toMatchObject({ availability: 0, met: false });
    expect(body.totals).toMatchObject({ sites: 3, sitesMeetingTarget: 1 });
    // The whole organization's totals and days leave the pending device out as the rows do: 8 device-days
    // observed (3 + 2 + 3), 3600 + 3 × 86 400 s down.
    const observed = 8 * 86_400;
    expect(body.totals.percentDown).toBeCloseTo(((3600 + 3 * 86_400) / observed) * 100, 3);
    const d1 = body.summary.series.find((p: { date: string }) => p.date === '2026-03-01');
    // D1: Live up, Dark down; Pending and New (both pending that day) left out → 50 %.
    expect(d1.availability).toBeCloseTo(50, 4);
  });

  it('the PDF shows the figures as the screen does (2 decimals at most) and its chart: availability against the target', async () => {
    const res = await get(`/api/reports/sla/export.pdf?${RANGE}&target=99`);
    expect(res.statusCode).toBe(200);
    const text = (await new PDFParse({ data: res.rawPayload }).getText()).text;
    expect(text).toContain('Availability per day against the target');
    expect(text).toContain('Target 99 %');
    expect(text).toContain('98.61 %');
    expect(text).not.toMatch(/\d\.\d{3,} %/);
    expect(text).not.toContain('Pending Store');
    expect(text).not.toContain('Downtime per day');
  });
});
