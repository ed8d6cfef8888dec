import type { AlertCode, AlertSeverity, NotificationProfile } from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, notificationProfiles, userPreferences } from '../src/db/schema.ts';
import { queueAlertNotifications } from '../src/notifications/fan-out.ts';
import { DEFAULT_NOTIFICATION_PROFILE } from '../src/notifications/profile.ts';
import type { Db } from '../src/plugins/db.ts';
import {
  createDevice,
  createGroup,
  createOrganization,
  createSite,
  createUser,
  type TestUser,
} from './factories.ts';
import { createTestDatabase } from './helpers.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

const MINUTE = 60_000;
/** Each case runs in its own 10-minute window, so the rate limit never mixes cases. */
let clock = Date.parse('2026-03-02T15:00:00.000Z');
const nextWindow = () => {
  clock += 10 * MINUTE;
  return clock;
};

async function setProfile(user: TestUser, patch: Partial<NotificationProfile>) {
  await db
    .insert(notificationProfiles)
    .values({ userId: user.id, profile: { ...DEFAULT_NOTIFICATION_PROFILE, ...patch } });
}

type NewAlert = {
  organizationId: string;
  code: AlertCode;
  severity: AlertSeverity;
  siteId?: string | null;
  deviceId?: string | null;
  region?: string | null;
  rootAlertId?: string | null;
  inMaintenance?: boolean;
  details?: Record<string, number | string>;
  state?: 'active' | 'cleared';
};
async function raise(a: NewAlert): Promise<string> {
  const at = new Date(clock);
  const [row] = await db
    .insert(alerts)
    .values({
      organizationId: a.organizationId,
      code: a.code,
      severity: a.severity,
      siteId: a.siteId ?? null,
      deviceId: a.deviceId ?? null,
      region: a.region ?? null,
      rootAlertId: a.rootAlertId ?? null,
      inMaintenance: a.inMaintenance ?? false,
      details: a.details ?? {},
      state: a.state ?? 'active',
      raisedAt: at,
      lastSeenAt: at,
      clearedAt: a.state === 'cleared' ? at : null,
    })
    .returning({ id: alerts.id });
  if (!row) throw new Error('no alert');
  return row.id;
}

const fanOut = (alertIds: string[], transition: 'raised' | 'cleared', now = clock) =>
  db.transaction((tx) => queueAlertNotifications(tx, { alertIds, transition, now }, { consoleUrl: CONSOLE }));
/** Where the console is, for the links in the messages. */
const CONSOLE = 'https://vnoc.example';

type Row = {
  user_id: string;
  channel: string;
  kind: string;
  state: string;
  destination: string;
  subject: string | null;
  body: string;
  not_before: Date;
  idempotency_key: string;
};
const rowsOf = async (where: string, params: unknown[]) =>
  (
    await database.pool.query<Row>(
      `select * from notifications where ${where} order by created_at, id`,
      params,
    )
  ).rows;

describe('who is told: matching by profile and scope', () => {
  let f: Awaited<ReturnType<typeof build>>;
  async function build() {
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    const alpha = await createSite(db, org, { name: 'Alpha', state: 'TX' });
    const bravo = await createSite(db, org, { name: 'Bravo', state: 'TX' });
    const charlie = await createSite(db, org, { name: 'Charlie', state: 'CO' });
    const alphaEdge = await createDevice(db, alpha);
    const alphaAp = await createDevice(db, alpha, { kind: 'access-point', model: 'MR36' });
    const bravoEdge = await createDevice(db, bravo);
    const charlieEdge = await createDevice(db, charlie);
    const people = {
      admin: await createUser(db, org, { role: 'ADMINISTRATOR' }),
      user: await createUser(db, org, { role: 'USER' }),
      readOnly: await createUser(db, org, { role: 'READ_ONLY' }),
      critical: await createUser(db, org),
      code: await createUser(db, org),
      site: await createUser(db, org),
      group: await createUser(db, org),
      restricted: await createUser(db, org),
      phones: await createUser(db, org, { sms: '+15550100001', voice: '+15550100002' }),
      smsUnverified: await createUser(db, org),
      silent: await createUser(db, org),
      noClears: await createUser(db, org),
      support: await createUser(db, org, { role: 'SUPPORT' }),
      outsider: await createUser(db, other, { role: 'ADMINISTRATOR' }),
    };
    const g1 = await createGroup(db, org, [alpha.id], [people.restricted.id]);
    await createGroup(db, org, [bravo.id, charlie.id]);
    await setProfile(people.critical, { severities: ['critical'] });
    await setProfile(people.code, {
      severities: ['critical', 'major', 'minor', 'info'],
      codes: ['high_latency'],
    });
    await setProfile(people.site, { siteIds: [bravo.id] });
    await setProfile(people.group, { groupIds: [g1.id] });
    await setProfile(people.phones, { channels: ['email', 'sms', 'voice'] });
    // Stored before the number was unenrolled: the channel without a contact is skipped.
    await setProfile(people.smsUnverified, { channels: ['sms'] });
    await setProfile(people.silent, { channels: [] });
    await setProfile(people.noClears, { notifyCleared: false });
    return { org, other, alpha, bravo, charlie, alphaEdge, alphaAp, bravoEdge, charlieEdge, people };
  }
  beforeAll(async () => {
    f = await build();
  });

  type Who = keyof typeof f.people;
  const everyoneByDefault: Who[] = ['admin', 'user', 'readOnly', 'critical', 'phones', 'noClears'];
  const cases: {
    name: string;
    alert: (f: Awaited<ReturnType<typeof build>>) => Promise<string>;
    transition?: 'raised' | 'cleared';
    told: Who[];
  }[] = [
    {
      name: 'a critical site outage in group 1 (Alpha)',
      alert: async (f) =>
        raise({
          organizationId: f.org.id,
          code: 'site_offline',
          severity: 'critical',
          siteId: f.alpha.id,
          deviceId: f.alphaEdge.id,
        }),
      told: [...everyoneByDefault, 'group', 'restricted'],
    },
    {
      name: 'a major failover at Bravo (not a group-1 site, not critical)',
      alert: async (f) =>
        raise({
          organizationId: f.org.id,
          code: 'on_backup',
          severity: 'major',
          siteId: f.bravo.id,
          deviceId: f.bravoEdge.id,
        }),
      told: ['admin', 'user', 'readOnly', 'phones', 'noClears', 'site'],
    },
    {
      name: 'a minor latency alert at Charlie: only who chose its code and minor',
      alert: async (f) =>
        raise({
          organizationId: f.org.id,
          code: 'high_latency',
          severity: 'minor',
          siteId: f.charlie.id,
          deviceId: f.charlieEdge.id,
          details: { ms: 182.4 },
        }),
      told: ['code'],
    },
    {
      name: 'a dependent (behind a down edge) is never told',
      alert: async (f) => {
        const root = await raise({
          organizationId: f.org.id,
          code: 'site_offline',
          severity: 'critical',
          siteId: f.alpha.id,
          deviceId: f.alphaEdge.id,
          state: 'cleared',
        });
        return raise({
          organizationId: f.org.id,
          code: 'device_offline',
          severity: 'major',
          siteId: f.alpha.id,
          deviceId: f.alphaAp.id,
          rootAlertId: root,
        });
      },
      told: [],
    },
    {
      name: 'an alert raised in a maintenance window is not told',
      alert: async (f) =>
        raise({
          organizationId: f.org.id,
          code: 'site_offline',
          severity: 'critical',
          siteId: f.charlie.id,
          deviceId: f.charlieEdge.id,
          inMaintenance: true,
        }),
      told: [],
    },
    {
      name: "a regional incident over Alpha and Bravo: everyone whose scope has one of its dependents' sites",
      alert: async (f) => {
        const region = await raise({
          organizationId: f.org.id,
          code: 'regional_outage',
          severity: 'critical',
          region: 'TX',
          details: { sites: 2, region: 'TX' },
        });
        for (const [site, edge] of [
          [f.alpha, f.alphaEdge],
          [f.bravo, f.bravoEdge],
        ] as const)
          await raise({
            organizationId: f.org.id,
            code: 'site_offline',
            severity: 'critical',
            siteId: site.id,
            deviceId: edge.id,
            rootAlertId: region,
            state: 'cleared',
          });
        return region;
      },
      told: [...everyoneByDefault, 'site', 'group', 'restricted'],
    },
    {
      name: 'a regional incident over Charlie only: not the person restricted to group 1',
      alert: async (f) => {
        const region = await raise({
          organizationId: f.org.id,
          code: 'regional_outage',
          severity: 'critical',
          region: 'CO',
        });
        await raise({
          organizationId: f.org.id,
          code: 'site_offline',
          severity: 'critical',
          siteId: f.charlie.id,
          deviceId: f.charlieEdge.id,
          rootAlertId: region,
          state: 'cleared',
        });
        return region;
      },
      told: everyoneByDefault,
    },
    {
      name: 'a regional incident without dependents yet: the sites of its region',
      alert: async (f) =>
        raise({
          organizationId: f.org.id,
          code: 'regional_outage',
          severity: 'critical',
          region: 'CO',
          state: 'cleared',
        }),
      told: everyoneByDefault,
    },
    {
      name: 'a clearing: as raised, but not who turned clearings off',
      alert: async (f) =>
        raise({
          organizationId: f.org.id,
          code: 'site_offline',
          severity: 'critical',
          siteId: f.alpha.id,
          deviceId: f.alphaEdge.id,
          state: 'cleared',
        }),
      transition: 'cleared',
      told: ['admin', 'user', 'readOnly', 'critical', 'phones', 'group', 'restricted'],
    },
  ];

  it.each(cases)('$name', async ({ alert, transition = 'raised', told }) => {
    nextWindow();
    const id = await alert(f);
    await fanOut([id], transition);
    const rows = await rowsOf('alert_id = $1', [id]);
    const byId = new Map(Object.entries(f.people).map(([k, u]) => [u.id, k]));
    const got = rows.map((r) => `${byId.get(r.user_id)}:${r.channel}`).sort();
    const want = told
      .flatMap((w) => (w === 'phones' ? ['phones:email', 'phones:sms', 'phones:voice'] : [`${w}:email`]))
      .sort();
    expect(got).toEqual(want);
    expect(rows.every((r) => r.kind === transition && r.state === 'pending')).toBe(true);
    // Each to the person's verified contact.
    const phones = rows.filter((r) => r.user_id === f.people.phones.id);
    expect(Object.fromEntries(phones.map((r) => [r.channel, r.destination]))).toEqual(
      phones.length ? { email: f.people.phones.username, sms: '+15550100001', voice: '+15550100002' } : {},
    );
  });

  it('is idempotent: the same alert and transition again queues nothing more', async () => {
    nextWindow();
    const id = await raise({
      organizationId: f.org.id,
      code: 'on_backup',
      severity: 'major',
      siteId: f.bravo.id,
      deviceId: f.bravoEdge.id,
      state: 'cleared',
    });
    const first = await fanOut([id], 'raised');
    const again = await fanOut([id, id], 'raised');
    expect(first.queued).toBeGreaterThan(0);
    expect(again).toEqual({ queued: 0, folded: 0 });
    const rows = await rowsOf('alert_id = $1', [id]);
    expect(rows).toHaveLength(first.queued);
    expect(rows.find((r) => r.user_id === f.people.admin.id)?.idempotency_key).toBe(
      `${id}:raised:1:${f.people.admin.id}:email`,
    );
  });
});

describe('the message', () => {
  it("names the alert in the person's language, with the site, device, what was measured and the link", async () => {
    nextWindow();
    const org = await createOrganization(db);
    const site = await createSite(db, org, { name: 'Pier 9' });
    const device = await createDevice(db, site, {
      macAddress: 'aa:bb:cc:dd:ee:01',
      model: 'FortiGate 60F',
      name: 'Pier 9 gate',
    });
    const en = await createUser(db, org, { sms: '+15550200001' });
    const es = await createUser(db, org);
    await setProfile(en, { channels: ['email', 'sms'], severities: ['minor'] });
    await setProfile(es, {
      severities: ['minor'],
      quietHours: { start: '03:00', end: '04:00', timeZone: 'Europe/Madrid' },
    });
    await db.insert(userPreferences).values({ userId: es.id, name: 'language', value: 'es' });
    const id = await raise({
      organizationId: org.id,
      code: 'high_latency',
      severity: 'minor',
      siteId: site.id,
      deviceId: device.id,
      details: { ms: 182.4 },
    });
    await fanOut([id], 'raised');
    const [email, sms] = await rowsOf('alert_id = $1 and user_id = $2', [id, en.id]).then((r) =>
      r.sort((a, b) => a.channel.localeCompare(b.channel)),
    );
    expect(email?.subject).toBe('[vNOC] Minor: High WAN latency — Pier 9');
    expect(email?.body).toContain('High WAN latency (182.4 ms)');
    expect(email?.body).toContain('Site: Pier 9');
    // A device someone named is called by its name first.
    expect(email?.body).toContain('Device: Pier 9 gate — FortiGate 60F (firewall), MAC aa:bb:cc:dd:ee:01');
    expect(email?.body).toContain('Raised: Mar 2, 2026');
    // The exact alert, on the console's address (PUBLIC_URL), in the text.
    expect(email?.body.endsWith(`\n\nOpen this alert in vNOC: ${CONSOLE}/alerts?alert=${id}`)).toBe(true);
    expect(sms?.body).toMatch(
      /^vNOC: Minor — High WAN latency \(182\.4 ms\) at Pier 9 · .*\. https:\/\/\S+$/,
    );
    expect(sms?.body.endsWith(` ${CONSOLE}/alerts?alert=${id}`)).toBe(true);
    const [spanish] = await rowsOf('alert_id = $1 and user_id = $2', [id, es.id]);
    expect(spanish?.subject).toBe('[vNOC] Menor: Latencia WAN alta — Pier 9');
    expect(spanish?.body).toContain('Sitio: Pier 9');
    // Times in the person's time zone (their quiet hours').
    expect(spanish?.body).toContain('(Europe/Madrid)');
    expect(spanish?.body).toContain(`Abra esta alerta en vNOC: ${CONSOLE}/alerts?alert=${id}`);
  });

  it('a clearing links to the alert on the Cleared tab', async () => {
    nextWindow();
    const org = await createOrganization(db);
    const site = await createSite(db, org, { name: 'Dock 4' });
    const person = await createUser(db, org);
    const id = await raise({
      organizationId: org.id,
      code: 'site_offline',
      severity: 'critical',
      siteId: site.id,
      deviceId: (await createDevice(db, site)).id,
      state: 'cleared',
    });
    await fanOut([id], 'cleared');
    const [cleared] = await rowsOf('alert_id = $1 and user_id = $2', [id, person.id]);
    expect(cleared?.subject).toBe('[vNOC] Cleared: Site offline — Dock 4');
    expect(cleared?.body).toContain(`${CONSOLE}/alerts?status=cleared&alert=${id}`);
  });
});

describe('quiet hours', () => {
  it('minor alerts in them are folded into one digest sent when they end (in the time zone); a critical goes at once', async () => {
    const org = await createOrganization(db);
    const site = await createSite(db, org, { name: 'Night Site' });
    const device = await createDevice(db, site);
    const sleeper = await createUser(db, org);
    const awake = await createUser(db, org);
    const every = { severities: ['critical', 'major', 'minor', 'info'] } as const;
    await setProfile(sleeper, {
      ...every,
      severities: [...every.severities],
      quietHours: { start: '22:00', end: '07:00', timeZone: 'America/Chicago' },
    });
    await setProfile(awake, { severities: [...every.severities] });
    // 23:00 in Chicago (CST, UTC-6) → quiet until 07:00 the next morning = 13:00 UTC.
    clock = Date.parse('2026-03-03T05:00:00.000Z');
    const a = await raise({
      organizationId: org.id,
      code: 'high_latency',
      severity: 'minor',
      siteId: site.id,
      deviceId: device.id,
      details: { ms: 190 },
    });
    const b = await raise({
      organizationId: org.id,
      code: 'high_jitter',
      severity: 'minor',
      siteId: site.id,
      deviceId: device.id,
      details: { ms: 40 },
    });
    expect(await fanOut([a], 'raised')).toEqual({ queued: 1, folded: 1 });
    clock += 30 * MINUTE;
    await fanOut([b], 'raised');
    const mine = await rowsOf('user_id = $1', [sleeper.id]);
    expect(mine.filter((r) => r.kind === 'raised').map((r) => r.state)).toEqual(['skipped', 'skipped']);
    const digests = mine.filter((r) => r.kind === 'digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]?.state).toBe('pending');
    expect(digests[0]?.not_before.toISOString()).toBe('2026-03-03T13:00:00.000Z');
    expect(digests[0]?.body).toContain('quiet hours');
    expect(digests[0]?.body).toContain(`Open vNOC's alerts: ${CONSOLE}/alerts`);
    expect(digests[0]?.body).toContain('High WAN latency');
    expect(digests[0]?.body).toContain('High WAN jitter');
    // Someone without quiet hours is told at once.
    expect((await rowsOf('user_id = $1', [awake.id])).map((r) => [r.kind, r.state])).toEqual([
      ['raised', 'pending'],
      ['raised', 'pending'],
    ]);
    // A critical in them is not held: on its own, at once (issue 37).
    clock += 30 * MINUTE;
    const c = await raise({
      organizationId: org.id,
      code: 'site_offline',
      severity: 'critical',
      siteId: site.id,
      deviceId: device.id,
    });
    expect(await fanOut([c], 'raised')).toEqual({ queued: 2, folded: 0 });
    const [critical] = await rowsOf('user_id = $1 and alert_id = $2', [sleeper.id, c]);
    expect(critical).toMatchObject({ kind: 'raised', state: 'pending' });
    expect(critical?.not_before.getTime()).toBe(clock);
    // Outside them (08:00 Chicago), minor messages go at once again.
    clock = Date.parse('2026-03-03T14:00:00.000Z');
    const d = await raise({
      organizationId: org.id,
      code: 'high_latency',
      severity: 'minor',
      siteId: site.id,
      deviceId: (await createDevice(db, site)).id,
      details: { ms: 210 },
    });
    await fanOut([d], 'raised');
    const [now] = await rowsOf('user_id = $1 and alert_id = $2', [sleeper.id, d]);
    expect(now?.state).toBe('pending');
    expect(now?.not_before.toISOString()).toBe('2026-03-03T14:00:00.000Z');
  });
});

describe('a long digest', () => {
  it('stops listing at about 3000 characters and says there is more', async () => {
    const org = await createOrganization(db);
    const site = await createSite(db, org, { name: 'A site with a rather long name for the digest lines' });
    const person = await createUser(db, org, { role: 'ADMINISTRATOR' });
    await setProfile(person, {
      severities: ['minor'],
      quietHours: { start: '00:00', end: '23:59', timeZone: 'UTC' },
    });
    clock = Date.parse('2026-03-06T12:00:00.000Z');
    const ids: string[] = [];
    for (let i = 0; i < 45; i++) {
      const device = await createDevice(db, site);
      ids.push(
        await raise({
          organizationId: org.id,
          code: 'high_latency',
          severity: 'minor',
          siteId: site.id,
          deviceId: device.id,
          details: { ms: 150 + i },
        }),
      );
    }
    for (const id of ids) await fanOut([id], 'raised');
    const [digest] = await rowsOf("user_id = $1 and kind = 'digest'", [person.id]);
    expect(digest?.body.length).toBeLessThan(3200);
    expect(digest?.body.endsWith('\n- …')).toBe(true);
    expect(digest?.body.split('\n- …')).toHaveLength(2);
    expect(await rowsOf("user_id = $1 and kind = 'raised' and state = 'skipped'", [person.id])).toHaveLength(
      45,
    );
  });
});

describe('rate limit', () => {
  /** Seven minor alerts (a storm of them), a minute apart from `clock` on, for a person told of every severity. */
  async function sevenAlerts() {
    const org = await createOrganization(db);
    const site = await createSite(db, org, { name: 'Busy Site' });
    const person = await createUser(db, org, { role: 'ADMINISTRATOR' });
    await setProfile(person, { severities: ['critical', 'major', 'minor', 'info'] });
    const ids: string[] = [];
    const start = clock;
    for (let i = 0; i < 7; i++) {
      const device = await createDevice(db, site);
      clock = start + i * MINUTE;
      ids.push(
        await raise({
          organizationId: org.id,
          code: 'high_latency',
          severity: 'minor',
          siteId: site.id,
          deviceId: device.id,
          details: { ms: 150 + i },
        }),
      );
    }
    clock = start;
    return { org, site, person, ids };
  }

  it('more than 5 in a 10-minute window: the rest go in one digest at the end of the window', async () => {
    clock = Date.parse('2026-03-04T10:03:00.000Z');
    const { org, site, person, ids } = await sevenAlerts();
    for (const [i, id] of ids.entries()) await fanOut([id], 'raised', clock + i * MINUTE);
    const rows = await rowsOf('user_id = $1', [person.id]);
    expect(rows.filter((r) => r.kind === 'raised' && r.state === 'pending')).toHaveLength(5);
    expect(rows.filter((r) => r.kind === 'raised' && r.state === 'skipped')).toHaveLength(2);
    const digest = rows.filter((r) => r.kind === 'digest');
    expect(digest).toHaveLength(1);
    expect(digest[0]?.not_before.toISOString()).toBe('2026-03-04T10:10:00.000Z');
    expect(digest[0]?.body.split('\n- ')).toHaveLength(3);
    expect(digest[0]?.idempotency_key).toBe(`digest:rate:${person.id}:email:2026-03-04T10:10:00.000Z`);
    // Again (an engine that ran twice): nothing more, the digest lists each alert once.
    for (const id of ids) await fanOut([id], 'raised', clock + 6 * MINUTE);
    const again = await rowsOf('user_id = $1', [person.id]);
    expect(again).toHaveLength(rows.length);
    expect(again.find((r) => r.kind === 'digest')?.body).toBe(digest[0]?.body);
    // The next window starts afresh.
    const next = await raise({
      organizationId: org.id,
      code: 'high_jitter',
      severity: 'minor',
      siteId: site.id,
      deviceId: (await createDevice(db, site)).id,
      details: { ms: 45 },
    });
    await fanOut([next], 'raised', Date.parse('2026-03-04T10:11:00.000Z'));
    const [alone] = await rowsOf('alert_id = $1', [next]);
    expect(alone).toMatchObject({ state: 'pending', kind: 'raised' });
  });

  it('a digest already being sent takes no more lines: the alert goes on its own', async () => {
    clock = Date.parse('2026-03-05T10:00:00.000Z');
    const { person, ids } = await sevenAlerts();
    await fanOut(ids.slice(0, 6), 'raised');
    await database.pool.query(
      "update notifications set attempts = 1 where kind = 'digest' and user_id = $1",
      [person.id],
    );
    await fanOut([ids[6] as string], 'raised');
    const [last] = await rowsOf('alert_id = $1', [ids[6]]);
    expect(last?.state).toBe('pending');
    expect(last?.not_before.toISOString()).toBe('2026-03-05T10:10:00.000Z');
    const digest = (await rowsOf("user_id = $1 and kind = 'digest'", [person.id]))[0];
    expect(digest?.body.split('\n- ')).toHaveLength(2);
  });

  it('a storm of minor alerts: a new Critical or Major goes at once, on its own; the digest lists open problems first, clearings last', async () => {
    clock = Date.parse('2026-03-07T10:01:00.000Z');
    const { org, site, person, ids } = await sevenAlerts();
    const at = (minute: number) => Date.parse(`2026-03-07T10:${String(minute).padStart(2, '0')}:00.000Z`);
    // 10:01–10:07: five minor alerts on their own, then two folded into the 10:10 digest.
    for (const [i, id] of ids.entries()) await fanOut([id], 'raised', at(1 + i));
    const urgent = async (code: AlertCode, severity: AlertSeverity, minute: number) => {
      clock = at(minute);
      return raise({
        organizationId: org.id,
        code,
        severity,
        siteId: site.id,
        deviceId: (await createDevice(db, site)).id,
      });
    };
    const critical = await urgent('site_offline', 'critical', 8);
    expect(await fanOut([critical], 'raised', at(8))).toEqual({ queued: 1, folded: 0 });
    const major = await urgent('on_backup', 'major', 8);
    expect(await fanOut([major], 'raised', at(8))).toEqual({ queued: 1, folded: 0 });
    for (const id of [critical, major]) {
      const [own] = await rowsOf('alert_id = $1', [id]);
      // Its own message, due at once (not at the end of the window), linked to the alert.
      expect(own).toMatchObject({ kind: 'raised', state: 'pending', channel: 'email' });
      expect(own?.not_before.getTime()).toBe(at(8));
      expect(own?.body).toContain(`${CONSOLE}/alerts?alert=${id}`);
    }
    // Later in the storm: an info alert, and clearings of the first minor one and of the critical — held.
    clock = at(9);
    const info = await raise({
      organizationId: org.id,
      code: 'lan_port_disabled',
      severity: 'info',
      siteId: site.id,
      deviceId: (await createDevice(db, site)).id,
      details: { ports: '3' },
    });
    expect(await fanOut([info], 'raised', at(9))).toEqual({ queued: 0, folded: 1 });
    await database.pool.query("update alerts set state = 'cleared', cleared_at = $2 where id = any($1)", [
      [ids[0], critical],
      new Date(at(9)),
    ]);
    expect(await fanOut([ids[0] as string, critical], 'cleared', at(9))).toEqual({ queued: 0, folded: 2 });

    const digests = await rowsOf("user_id = $1 and kind = 'digest'", [person.id]);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.not_before.toISOString()).toBe('2026-03-07T10:10:00.000Z');
    const lines = (digests[0]?.body ?? '').split('\n- ').slice(1);
    // Open problems first (minor before info; the newest minor first), clearings last.
    expect(lines.map((l) => l.split(' — ')[0])).toEqual(['Minor', 'Minor', 'Info', 'Cleared', 'Cleared']);
    expect(lines[0]).toContain('(156 ms)');
    expect(lines[1]).toContain('(155 ms)');
    expect(lines.slice(3).map((l) => l.split(' — ')[1]?.split(' at ')[0])).toEqual([
      'Site offline',
      'High WAN latency (150 ms)',
    ]);
    // Nothing of the critical waits in the digest but its clearing.
    expect(await rowsOf("alert_id = $1 and state = 'skipped'", [critical])).toHaveLength(1);
  });
});
