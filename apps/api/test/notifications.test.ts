import type { NotificationProfile } from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPreferences } from '../src/db/schema.ts';
import {
  createGroup,
  createOrganization,
  createSite,
  createUser,
  type TestUser,
  tokenFor,
} from './factories.ts';
import { bearer, count } from './helpers.ts';
import { type ClockedApp, createClockedApp } from './notifications-app.ts';

const DEFAULTS: NotificationProfile = {
  channels: ['email'],
  severities: ['critical', 'major'],
  codes: [],
  siteIds: [],
  groupIds: [],
  quietHours: null,
  notifyCleared: true,
};

let t: ClockedApp;
beforeAll(async () => {
  t = await createClockedApp();
});
afterAll(() => t.close());

const as = async (user: TestUser) => bearer(await tokenFor(t.db, user, 'full'));
const getProfile = async (user: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/notificationProfile', headers: await as(user) });
const update = async (user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/updateNotificationProfile', headers: await as(user), payload });
const sendTest = async (user: TestUser, method: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/test-notification',
    headers: await as(user),
    payload: { method },
  });
const storedProfiles = (user: TestUser) => count(t.pool, 'notification_profiles', 'user_id = $1', [user.id]);
const storedProfile = async (user: TestUser) =>
  (await t.pool.query('select profile from notification_profiles where user_id = $1', [user.id])).rows[0]
    ?.profile;
const outbox = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json() as {
    subject: string | null;
    body: string;
    channel: string;
  }[];

async function fixture() {
  const org = await createOrganization(t.db);
  const other = await createOrganization(t.db);
  const [alpha, bravo, charlie] = await Promise.all([
    createSite(t.db, org, { name: 'Alpha' }),
    createSite(t.db, org, { name: 'Bravo' }),
    createSite(t.db, org, { name: 'Charlie' }),
  ]);
  const foreignSite = await createSite(t.db, other, { name: 'Foreign' });
  const user = await createUser(t.db, org, { role: 'USER', sms: '+15550001001' });
  const restricted = await createUser(t.db, org, { role: 'USER' });
  const g1 = await createGroup(t.db, org, [alpha.id], [restricted.id]);
  const g2 = await createGroup(t.db, org, [bravo.id, charlie.id]);
  const foreignGroup = await createGroup(t.db, other, [foreignSite.id]);
  return { org, other, alpha, bravo, charlie, foreignSite, user, restricted, g1, g2, foreignGroup };
}

describe('GET /api/notificationProfile', () => {
  it('answers the defaults and the verified contacts before anything is saved', async () => {
    const org = await createOrganization(t.db);
    const plain = await createUser(t.db, org, { role: 'READ_ONLY' });
    const phones = await createUser(t.db, org, { sms: '+15550002001', voice: '+15550002002' });
    const res = await getProfile(plain);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      profile: DEFAULTS,
      contacts: { email: plain.username, sms: null, voice: null },
    });
    expect((await getProfile(phones)).json().contacts).toEqual({
      email: phones.username,
      sms: '+15550002001',
      voice: '+15550002002',
    });
    expect(await storedProfiles(plain)).toBe(0);
  });

  it('SUPPORT is refused (403) on every notification call; no token is 401', async () => {
    const org = await createOrganization(t.db, { kind: 'provider' });
    const support = await createUser(t.db, org, { role: 'SUPPORT' });
    expect((await getProfile(support)).statusCode).toBe(403);
    expect((await update(support, DEFAULTS)).statusCode).toBe(403);
    const res = await sendTest(support, 'email');
    expect(res.statusCode).toBe(403);
    expect(res.json().id).toBe('forbidden');
    expect(await count(t.pool, 'notifications', 'user_id = $1', [support.id])).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/notificationProfile' })).statusCode).toBe(401);
  });
});

describe('POST /api/updateNotificationProfile', () => {
  it('stores the profile and answers it with the contacts; GET reads it back', async () => {
    const f = await fixture();
    const profile: NotificationProfile = {
      channels: ['email', 'sms'],
      severities: ['critical', 'minor'],
      codes: ['site_offline', 'high_latency'],
      siteIds: [f.alpha.id],
      groupIds: [f.g2.id],
      quietHours: { start: '22:00', end: '07:00', timeZone: 'America/Chicago' },
      notifyCleared: false,
    };
    const res = await update(f.user, profile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      profile,
      contacts: { email: f.user.username, sms: '+15550001001', voice: null },
    });
    expect(await storedProfile(f.user)).toEqual(profile);
    expect((await getProfile(f.user)).json().profile).toEqual(profile);
    // Saving again replaces it (one row per person); repeated choices are kept once.
    const again = await update(f.user, { ...DEFAULTS, severities: ['info', 'info'] });
    expect(again.json().profile.severities).toEqual(['info']);
    expect(await storedProfiles(f.user)).toBe(1);
    expect(
      await count(t.pool, 'audit_log', "action = 'notificationProfile.update' and actor_user_id = $1", [
        f.user.id,
      ]),
    ).toBe(2);
  });

  it('READ_ONLY keeps a profile too', async () => {
    const org = await createOrganization(t.db);
    const viewer = await createUser(t.db, org, { role: 'READ_ONLY' });
    const res = await update(viewer, { ...DEFAULTS, severities: ['critical'] });
    expect(res.statusCode).toBe(200);
    expect(await storedProfile(viewer)).toMatchObject({ severities: ['critical'] });
  });

  const bad: [string, (f: Awaited<ReturnType<typeof fixture>>) => object, string][] = [
    ['an unknown severity', () => ({ ...DEFAULTS, severities: ['urgent'] }), ''],
    ['an unknown alert code', () => ({ ...DEFAULTS, codes: ['printer_jam'] }), ''],
    ['an unknown channel', () => ({ ...DEFAULTS, channels: ['pager'] }), ''],
    ['a missing field', () => ({ channels: ['email'] }), ''],
    [
      'a malformed quiet time',
      () => ({ ...DEFAULTS, quietHours: { start: '25:00', end: '07:00', timeZone: 'UTC' } }),
      'Enter a time as HH:MM.',
    ],
    [
      'an unknown time zone',
      () => ({ ...DEFAULTS, quietHours: { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' } }),
      'Unknown time zone.',
    ],
    ['a malformed site id', () => ({ ...DEFAULTS, siteIds: ['nope'] }), 'Enter a valid site id.'],
    [
      'voice without a verified number',
      () => ({ ...DEFAULTS, channels: ['email', 'voice'] }),
      'Verify a phone number for voice calls first.',
    ],
    [
      "another organization's site",
      (f) => ({ ...DEFAULTS, siteIds: [f.alpha.id, f.foreignSite.id] }),
      'Choose sites and groups of your organization.',
    ],
    [
      "another organization's group",
      (f) => ({ ...DEFAULTS, groupIds: [f.foreignGroup.id] }),
      'Choose sites and groups of your organization.',
    ],
    [
      'a site that does not exist',
      () => ({ ...DEFAULTS, siteIds: ['00000000-0000-4000-8000-000000000000'] }),
      'Choose sites and groups of your organization.',
    ],
  ];
  it.each(bad)('%s → 400 with a message, nothing written', async (_name, body, message) => {
    const f = await fixture();
    const res = await update(f.user, body(f));
    expect(res.statusCode).toBe(400);
    expect(res.json().id).toBe('invalid_input');
    if (message) expect(res.json().message).toBe(message);
    expect(await storedProfiles(f.user)).toBe(0);
  });

  it('SMS without an enrolled number → 400; an earlier profile stays as it was', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    expect((await update(user, { ...DEFAULTS, severities: ['critical'] })).statusCode).toBe(200);
    const res = await update(user, { ...DEFAULTS, channels: ['sms'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Verify a mobile number for SMS first.');
    expect(await storedProfile(user)).toMatchObject({ channels: ['email'], severities: ['critical'] });
  });

  it("a restricted user may choose only their groups and their groups' sites", async () => {
    const f = await fixture();
    const ok = await update(f.restricted, { ...DEFAULTS, siteIds: [f.alpha.id], groupIds: [f.g1.id] });
    expect(ok.statusCode).toBe(200);
    for (const body of [
      { ...DEFAULTS, siteIds: [f.bravo.id] },
      { ...DEFAULTS, groupIds: [f.g2.id] },
    ]) {
      const res = await update(f.restricted, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Choose sites and groups of your organization.');
    }
    expect(await storedProfile(f.restricted)).toMatchObject({ siteIds: [f.alpha.id], groupIds: [f.g1.id] });
  });

  it("one organization's update never touches another's people", async () => {
    const f = await fixture();
    const outsider = await createUser(t.db, f.other, { role: 'ADMINISTRATOR' });
    await update(outsider, { ...DEFAULTS, severities: ['info'] });
    expect(await storedProfiles(f.user)).toBe(0);
    expect((await getProfile(f.user)).json().profile).toEqual(DEFAULTS);
  });
});

describe('POST /api/test-notification', () => {
  it('queues a test to the verified contact; the sender delivers it to the dev outbox', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const res = await sendTest(user, 'email');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(
      await count(t.pool, 'notifications', "user_id = $1 and kind = 'test' and state = 'pending'", [user.id]),
    ).toBe(1);
    await t.app.notifications.runOnce();
    const mails = await outbox(user.username);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', subject: '[vNOC] Test notification' });
    expect(mails[0]?.body).toContain('test notification from vNOC');
    expect(
      await count(t.pool, 'notifications', "user_id = $1 and state = 'sent' and sent_at is not null", [
        user.id,
      ]),
    ).toBe(1);
  });

  it('a second test to the same method within 5 minutes → 423; after 5 minutes → 200; methods are separate', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org, { sms: '+15550003001' });
    expect((await sendTest(user, 'email')).statusCode).toBe(200);
    t.advance(4 * 60_000 + 59_000);
    const refused = await sendTest(user, 'email');
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toEqual({
      id: 'test_wait',
      message: 'Must wait 5 minutes before sending another test to this contact method.',
    });
    expect((await sendTest(user, 'sms')).statusCode).toBe(200);
    t.advance(1_000);
    expect((await sendTest(user, 'email')).statusCode).toBe(200);
    expect(
      await count(t.pool, 'notifications', "user_id = $1 and kind = 'test' and channel = 'email'", [user.id]),
    ).toBe(2);
    await t.app.notifications.runOnce();
    const sms = await outbox('+15550003001');
    expect(sms).toHaveLength(1);
    expect(sms[0]?.channel).toBe('sms');
  });

  it('two simultaneous tests → exactly one 200 and one message', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const headers = await as(user);
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/test-notification', headers, payload: { method: 'email' } });
    const statuses = (await Promise.all([send(), send(), send()])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 423, 423]);
    expect(await count(t.pool, 'notifications', "user_id = $1 and kind = 'test'", [user.id])).toBe(1);
  });

  it('an unverified method → 400, nothing queued; a bad method → 400', async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    const res = await sendTest(user, 'voice');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Verify a phone number for voice calls first.');
    expect((await sendTest(user, 'fax')).statusCode).toBe(400);
    expect(await count(t.pool, 'notifications', 'user_id = $1', [user.id])).toBe(0);
  });

  it("is written in the person's language", async () => {
    const org = await createOrganization(t.db);
    const user = await createUser(t.db, org);
    await t.db.insert(userPreferences).values({ userId: user.id, name: 'language', value: 'es' });
    expect((await sendTest(user, 'email')).statusCode).toBe(200);
    await t.app.notifications.runOnce();
    expect((await outbox(user.username))[0]?.subject).toBe('[vNOC] Notificación de prueba');
  });

  it('the OpenAPI document declares the 423 answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/test-notification'].post.responses)).toContain('423');
  });
});
