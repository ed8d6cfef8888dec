import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { backfillAlertHistory, createAlertEngine, LAST_SEEN_REFRESH_MS } from '../src/fleet/alerts/index.ts';
import { queueAlertNotifications } from '../src/notifications/fan-out.ts';
import type { Db } from '../src/plugins/db.ts';
import { createDevice, createOrganization, createSite, createUser } from './factories.ts';
import { silentLog, useTestApp } from './helpers.ts';

const t = useTestApp();
const MIN = 60_000;
const T0 = Date.parse('2026-11-23T12:00:00Z');

type Row = {
  id: string;
  code: string;
  state: string;
  root_alert_id: string | null;
  occurrences: number;
  device_id: string | null;
  region: string | null;
  in_maintenance: boolean;
};

async function alertsOf(db: Db, orgId: string): Promise<Row[]> {
  const { rows } = await db.execute<Row>(sql`
    select id, code, state, root_alert_id, occurrences, device_id, region, in_maintenance from alerts
    where organization_id = ${orgId} order by seq`);
  return rows;
}

/** Moves a device to a status at `at`, as the gateway records it (device row and status periods). */
async function setStatus(db: Db, deviceId: string, status: string, at: number) {
  await db.execute(sql`update device_status_intervals set ended_at = ${new Date(at).toISOString()}
    where device_id = ${deviceId} and ended_at is null`);
  await db.execute(sql`insert into device_status_intervals (device_id, organization_id, status, started_at)
    select id, organization_id, ${status}, ${new Date(at).toISOString()} from devices where id = ${deviceId}`);
  await db.execute(sql`update devices set status = ${status} where id = ${deviceId}`);
}

/** An organization with one administrator (default notification profile: email, critical and major). */
async function organization() {
  const org = await createOrganization(t.db);
  const admin = await createUser(t.db, org, { role: 'ADMINISTRATOR' });
  return { org, admin };
}

async function site(org: { id: string }, state = 'TX') {
  const s = await createSite(t.db, org, { state });
  const edge = await createDevice(t.db, s);
  const ap = await createDevice(t.db, s, { kind: 'access-point', model: 'MR36', connection: 'none' });
  const sw = await createDevice(t.db, s, { kind: 'switch', model: 'MS120-8', connection: 'none' });
  for (const d of [edge, ap, sw]) await setStatus(t.db, d.id, 'online', T0 - 60 * MIN);
  return { site: s, edge, ap, sw };
}

function engine() {
  const notified: { ids: string[]; transition: string }[] = [];
  const alerts = createAlertEngine({
    db: t.db,
    log: silentLog,
    notify: async (tx, input) => {
      notified.push({ ids: [...input.alertIds], transition: input.transition });
      return queueAlertNotifications(tx, input, { consoleUrl: 'https://vnoc.example' });
    },
  });
  const evaluate = (ids: string[], at: number) => t.db.transaction((tx) => alerts.evaluate(tx, ids, at));
  return { alerts, evaluate, notified };
}

const notificationsOf = async (userId: string) => {
  const { rows } = await t.db.execute<{ alert_id: string; kind: string; channel: string }>(
    sql`select alert_id, kind, channel from notifications where user_id = ${userId} order by created_at`,
  );
  return rows;
};

describe('alert engine', () => {
  let e: ReturnType<typeof engine>;
  beforeEach(() => {
    e = engine();
  });

  it('raises one alert per device and code and clears it when the condition ends', async () => {
    const { org } = await organization();
    const { edge } = await site(org);
    await setStatus(t.db, edge.id, 'onbackup', T0);
    const raised = await e.evaluate([edge.id], T0);
    expect(raised.map((c) => [c.code, c.transition])).toEqual([['on_backup', 'raised']]);
    const times = async () => {
      const { rows } = await t.db.execute<{ raised: number; cleared: number | null; seen: number }>(
        sql`select extract(epoch from raised_at) * 1000 as raised, extract(epoch from cleared_at) * 1000 as cleared,
          extract(epoch from last_seen_at) * 1000 as seen from alerts where device_id = ${edge.id}`,
      );
      return rows.map((r) => [
        Number(r.raised),
        Number(r.seen),
        r.cleared === null ? null : Number(r.cleared),
      ]);
    };
    // Seen again: still one alert; `last seen` is rewritten only once it is LAST_SEEN_REFRESH_MS old.
    await e.evaluate([edge.id], T0 + LAST_SEEN_REFRESH_MS - 1);
    expect(await times()).toEqual([[T0, T0, null]]);
    await e.evaluate([edge.id], T0 + LAST_SEEN_REFRESH_MS + 1);
    expect(await times()).toEqual([[T0, T0 + LAST_SEEN_REFRESH_MS + 1, null]]);
    expect(await alertsOf(t.db, org.id)).toMatchObject([
      { code: 'on_backup', state: 'active', occurrences: 1 },
    ]);

    const end = T0 + 2 * LAST_SEEN_REFRESH_MS;
    await setStatus(t.db, edge.id, 'online', end);
    const cleared = await e.evaluate([edge.id], end);
    expect(cleared.map((c) => [c.code, c.transition])).toEqual([['on_backup', 'cleared']]);
    expect(await times()).toEqual([[T0, T0 + LAST_SEEN_REFRESH_MS + 1, end]]);
  });

  it('damps flapping: a device bouncing every minute is one alert, notified once', async () => {
    const { org, admin } = await organization();
    const { edge } = await site(org);
    for (let i = 0; i < 10; i++) {
      await setStatus(t.db, edge.id, 'offline', T0 + 2 * i * MIN);
      await e.evaluate([edge.id], T0 + 2 * i * MIN);
      await setStatus(t.db, edge.id, 'online', T0 + (2 * i + 1) * MIN);
      await e.evaluate([edge.id], T0 + (2 * i + 1) * MIN);
    }
    expect(await alertsOf(t.db, org.id)).toMatchObject([
      { code: 'site_offline', state: 'cleared', occurrences: 10 },
    ]);
    expect((await notificationsOf(admin.id)).filter((n) => n.kind === 'raised')).toHaveLength(1);

    // Back after the flap window: a new alert.
    const later = T0 + 20 * MIN + (ALERT_FLAP_MINUTES + 1) * MIN;
    await setStatus(t.db, edge.id, 'offline', later);
    await e.evaluate([edge.id], later);
    expect((await alertsOf(t.db, org.id)).map((a) => a.state)).toEqual(['cleared', 'active']);
  });

  it('attaches the devices behind a down edge device to its alert: one incident, one notification', async () => {
    const { org, admin } = await organization();
    const { edge, ap, sw } = await site(org);
    for (const d of [edge, ap, sw]) await setStatus(t.db, d.id, 'offline', T0);
    await e.evaluate([edge.id, ap.id, sw.id], T0);
    const rows = await alertsOf(t.db, org.id);
    const root = rows.find((r) => r.code === 'site_offline');
    expect(root).toMatchObject({ device_id: edge.id, root_alert_id: null });
    expect(rows.filter((r) => r.code === 'device_offline')).toEqual([
      expect.objectContaining({ root_alert_id: root?.id }),
      expect.objectContaining({ root_alert_id: root?.id }),
    ]);
    expect(e.notified).toEqual([{ ids: [root?.id], transition: 'raised' }]);
    expect(await notificationsOf(admin.id)).toEqual([
      { alert_id: root?.id, kind: 'raised', channel: 'email' },
    ]);

    // Back up: every alert of the incident clears.
    for (const d of [edge, ap, sw]) await setStatus(t.db, d.id, 'online', T0 + 5 * MIN);
    await e.evaluate([edge.id], T0 + 5 * MIN);
    expect((await alertsOf(t.db, org.id)).every((r) => r.state === 'cleared')).toBe(true);
  });

  it('raises nothing for a normal reboot, and attaches the site to a reboot that takes too long', async () => {
    const { org } = await organization();
    const { edge, ap, sw } = await site(org);
    await setStatus(t.db, edge.id, 'rebooting', T0);
    for (const d of [ap, sw]) await setStatus(t.db, d.id, 'offline', T0);
    await e.evaluate([edge.id], T0);
    expect(await alertsOf(t.db, org.id)).toEqual([]);

    const late = T0 + 11 * MIN;
    await e.alerts.sweep(late);
    const rows = await alertsOf(t.db, org.id);
    const root = rows.find((r) => r.code === 'reboot_too_long');
    expect(root).toBeDefined();
    expect(
      rows
        .filter((r) => r.root_alert_id === root?.id)
        .map((r) => r.device_id)
        .sort(),
    ).toEqual([ap.id, sw.id].sort());
  });

  it('makes several sites of one region failing together one regional incident', async () => {
    const { org, admin } = await organization();
    const texas = [await site(org, 'TX'), await site(org, 'TX'), await site(org, 'TX')];
    const ohio = await site(org, 'OH');
    // A Texas site that went down two hours earlier is an outage of its own, not part of the incident.
    const earlier = await site(org, 'TX');
    await setStatus(t.db, earlier.edge.id, 'offline', T0 - 120 * MIN);
    await e.evaluate([earlier.edge.id], T0 - 120 * MIN);
    for (const s of [...texas, ohio]) await setStatus(t.db, s.edge.id, 'offline', T0);
    await e.evaluate(
      [...texas, ohio].map((s) => s.edge.id),
      T0,
    );

    const rows = await alertsOf(t.db, org.id);
    const regional = rows.filter((r) => r.code === 'regional_outage');
    expect(regional).toHaveLength(1);
    expect(regional[0]).toMatchObject({ region: 'TX', device_id: null, state: 'active' });
    const texasAlerts = rows.filter((r) => texas.some((s) => s.edge.id === r.device_id));
    expect(texasAlerts.every((r) => r.root_alert_id === regional[0]?.id)).toBe(true);
    const ohioAlert = rows.find((r) => r.device_id === ohio.edge.id);
    expect(ohioAlert?.root_alert_id).toBeNull();
    const earlierAlert = rows.find((r) => r.device_id === earlier.edge.id);
    expect(earlierAlert?.root_alert_id).toBeNull();
    // Told three times: the earlier outage, the regional incident and the Ohio site, never each Texas site.
    expect((await notificationsOf(admin.id)).map((n) => n.alert_id).sort()).toEqual(
      [earlierAlert?.id, regional[0]?.id, ohioAlert?.id].sort(),
    );

    // Sweeps leave the incident as it is: no site detached and attached again.
    const swept = await e.alerts.sweep(T0 + 2 * MIN);
    expect(swept.filter((c) => c.transition !== 'raised' && c.code === 'site_offline')).toEqual([]);
    expect((await alertsOf(t.db, org.id)).filter((r) => r.root_alert_id === regional[0]?.id)).toHaveLength(3);

    for (const s of texas) await setStatus(t.db, s.edge.id, 'online', T0 + 30 * MIN);
    await e.evaluate(
      texas.map((s) => s.edge.id),
      T0 + 30 * MIN,
    );
    expect((await alertsOf(t.db, org.id)).find((r) => r.code === 'regional_outage')?.state).toBe('cleared');
  });

  it('records alerts inside a maintenance window but does not notify them', async () => {
    const { org, admin } = await organization();
    const { site: s, edge } = await site(org);
    const { edge: other } = await site(org, 'OH');
    await t.db.execute(sql`
      with w as (insert into maintenance_windows (organization_id, reason, starts_at, ends_at, created_by)
        values (${org.id}, 'ISP work', ${new Date(T0 - MIN).toISOString()}, ${new Date(T0 + 60 * MIN).toISOString()}, ${admin.id})
        returning id)
      insert into maintenance_window_sites (window_id, site_id) select id, ${s.id} from w`);
    for (const d of [edge, other]) await setStatus(t.db, d.id, 'offline', T0);
    await e.evaluate([edge.id, other.id], T0);
    const rows = await alertsOf(t.db, org.id);
    expect(rows.find((r) => r.device_id === edge.id)?.in_maintenance).toBe(true);
    expect(rows.find((r) => r.device_id === other.id)?.in_maintenance).toBe(false);
    expect((await notificationsOf(admin.id)).map((n) => n.alert_id)).toEqual([
      rows.find((r) => r.device_id === other.id)?.id,
    ]);
  });

  it('sweeps: silence and clearings confirmed after the flap window are notified once', async () => {
    const { org, admin } = await organization();
    const { edge } = await site(org);
    await t.db.execute(
      sql`update devices set last_update = ${new Date(T0 - 6 * MIN).toISOString()} where id = ${edge.id}`,
    );
    await e.alerts.sweep(T0);
    expect(await alertsOf(t.db, org.id)).toMatchObject([{ code: 'cloud_disconnected', state: 'active' }]);

    await t.db.execute(
      sql`update devices set last_update = ${new Date(T0 + MIN).toISOString()} where id = ${edge.id}`,
    );
    await e.alerts.sweep(T0 + MIN);
    expect(await alertsOf(t.db, org.id)).toMatchObject([{ code: 'cloud_disconnected', state: 'cleared' }]);
    // The device keeps reporting from now on.
    const sweepAt = async (at: number) => {
      await t.db.execute(
        sql`update devices set last_update = ${new Date(at).toISOString()} where id = ${edge.id}`,
      );
      await e.alerts.sweep(at);
    };
    await sweepAt(T0 + 5 * MIN);
    expect((await notificationsOf(admin.id)).map((n) => n.kind)).toEqual(['raised']);
    await sweepAt(T0 + (ALERT_FLAP_MINUTES + 2) * MIN);
    await sweepAt(T0 + (ALERT_FLAP_MINUTES + 3) * MIN);
    expect((await notificationsOf(admin.id)).map((n) => n.kind)).toEqual(['raised', 'cleared']);
  });

  describe('at SIM_SPEED 20, a real device is measured on the clock and a simulated one in the fleet’s time', () => {
    const fast = () =>
      createAlertEngine({
        db: t.db,
        log: silentLog,
        speed: 20,
        notify: (tx, input) => queueAlertNotifications(tx, input, { consoleUrl: 'https://vnoc.example' }),
      });
    it.each([
      ['simulator', true],
      ['agent', false],
      ['openwisp', false],
    ] as const)('%s: silent for 16 s → cloud disconnected: %s', async (driver, flagged) => {
      const { org } = await organization();
      const { edge } = await site(org);
      await t.db.execute(sql`update devices set driver = ${driver}, last_update = ${new Date(T0 - 16_000).toISOString()}
        where id = ${edge.id}`);
      await fast().sweep(T0);
      const alerts = (await alertsOf(t.db, org.id)).filter((a) => a.device_id === edge.id);
      expect(alerts.map((a) => a.code)).toEqual(flagged ? ['cloud_disconnected'] : []);
      // Past 5 real minutes, every device is silent.
      await fast().sweep(T0 + 5 * MIN);
      expect((await alertsOf(t.db, org.id)).map((a) => [a.code, a.state])).toEqual([
        ['cloud_disconnected', 'active'],
      ]);
    });

    it.each([
      // Back offline 2 real minutes after it came back: 40 simulated minutes, past the 15-minute flap window.
      ['simulator', ['cleared', 'active'], 1],
      ['agent', ['active'], 2],
    ] as const)(
      '%s: offline again 2 min after it came back → alerts %j',
      async (driver, states, occurrences) => {
        const { org } = await organization();
        const { edge } = await site(org);
        await t.db.execute(sql`update devices set driver = ${driver} where id = ${edge.id}`);
        const engine20 = fast();
        const evaluate = (at: number) => t.db.transaction((tx) => engine20.evaluate(tx, [edge.id], at));
        await setStatus(t.db, edge.id, 'offline', T0);
        await evaluate(T0);
        await setStatus(t.db, edge.id, 'online', T0 + MIN);
        await evaluate(T0 + MIN);
        await setStatus(t.db, edge.id, 'offline', T0 + 3 * MIN);
        await evaluate(T0 + 3 * MIN);
        const alerts = await alertsOf(t.db, org.id);
        expect(alerts.map((a) => a.state)).toEqual(states);
        expect(alerts.at(-1)?.occurrences).toBe(occurrences);
      },
    );
  });

  it('keeps one active alert when two engines evaluate the same change at once', async () => {
    const { org } = await organization();
    const { edge } = await site(org);
    await setStatus(t.db, edge.id, 'offline', T0);
    const other = engine();
    await Promise.all([e.evaluate([edge.id], T0), other.evaluate([edge.id], T0)]);
    expect(await alertsOf(t.db, org.id)).toHaveLength(1);
  });

  it('writes the alert history the status history implies, once', async () => {
    const { org } = await organization();
    const { edge, ap } = await site(org);
    // A 30-minute outage of the site (the access point offline with it), then the access point alone.
    await setStatus(t.db, edge.id, 'offline', T0);
    await setStatus(t.db, ap.id, 'offline', T0);
    await setStatus(t.db, edge.id, 'online', T0 + 30 * MIN);
    await setStatus(t.db, ap.id, 'online', T0 + 30 * MIN);
    await setStatus(t.db, ap.id, 'offline', T0 + 60 * MIN);
    await setStatus(t.db, ap.id, 'online', T0 + 70 * MIN);
    // A normal 3-minute reboot: nothing.
    await setStatus(t.db, edge.id, 'rebooting', T0 + 90 * MIN);
    await setStatus(t.db, ap.id, 'offline', T0 + 90 * MIN);
    await setStatus(t.db, edge.id, 'online', T0 + 93 * MIN);
    await setStatus(t.db, ap.id, 'online', T0 + 93 * MIN);

    await t.db.execute(sql`delete from alerts`);
    expect(await backfillAlertHistory(t.db)).toBeGreaterThanOrEqual(3);
    const rows = await alertsOf(t.db, org.id);
    const root = rows.find((r) => r.code === 'site_offline');
    expect(rows.map((r) => [r.code, r.state, r.root_alert_id === root?.id]).sort()).toEqual([
      ['device_offline', 'cleared', false],
      ['device_offline', 'cleared', true],
      ['site_offline', 'cleared', false],
    ]);
    expect(await backfillAlertHistory(t.db)).toBe(0);
  });
});

const ALERT_FLAP_MINUTES = 15;
