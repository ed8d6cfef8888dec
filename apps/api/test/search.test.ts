import { GlobalSearchResultSchema, QueryVocabularySchema } from '@vnoc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDevice, createFleetFixture, tokenFor } from './factories.ts';
import { bearer, useTestApp } from './helpers.ts';

/** Issue 37: the header search and the fleet query language in the lists, scoped like the lists. */
const t = useTestApp();
let f: Awaited<ReturnType<typeof createFleetFixture>>;
type Who = 'admin' | 'restricted' | 'adminB' | 'readOnly';
const tokens = {} as Record<Who, string>;
const ids: Record<string, string> = {};

const get = (url: string, who: Who = 'admin') =>
  t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const search = async (q: string, who: Who = 'admin', extra = '') => {
  const res = await get(`/api/search?q=${encodeURIComponent(q)}${extra}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return GlobalSearchResultSchema.parse(res.json());
};
const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();

beforeAll(async () => {
  f = await createFleetFixture(t.db);
  for (const who of ['admin', 'restricted', 'adminB', 'readOnly'] as Who[])
    tokens[who] = await tokenFor(t.db, f[who], 'full');
  // Charlie is in Colorado; organization B has an offline MR36 of its own (never seen from A).
  await t.pool.query(`update sites set state = 'CO' where id = $1`, [f.charlie.id]);
  await createDevice(t.db, f.other, {
    kind: 'access-point',
    model: 'MR36',
    status: 'offline',
    name: 'B offline AP',
  });
  const alert = async (
    site: { id: string; organizationId: string },
    code: string,
    severity: string,
    ack = false,
  ) => {
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into alerts (organization_id, site_id, device_id, code, severity, raised_at, last_seen_at, acknowledged_at)
       select organization_id, site_id, id, $2, $3, now() - interval '1 hour', now(), $4 from devices
       where site_id = $1 and kind in ('firewall', '5g') limit 1 returning id`,
      [site.id, code, severity, ack ? new Date() : null],
    );
    return rows[0]?.id as string;
  };
  ids.charlieAlert = await alert(f.charlie, 'site_offline', 'critical');
  ids.bravoAlert = await alert(f.bravo, 'on_backup', 'major', true);
  ids.otherAlert = await alert(f.other, 'site_offline', 'critical');
  const ticket = async (deviceId: string, subject: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/device/troubleshooting/ticket/${deviceId}`,
      headers: bearer(tokens.admin),
      payload: { subject, comment: 'The printer behind it is down.' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await ticket(f.alphaEdge.id, 'Printer down at Alpha');
  const { rows } = await t.pool.query<{ id: string }>(`select id from devices where site_id = $1 limit 1`, [
    f.charlie.id,
  ]);
  await ticket(rows[0]?.id as string, 'Printer down at Charlie');
});

describe('GET /api/search', () => {
  it('groups sites, devices, alerts and tickets of the caller organization that match the filters', async () => {
    const r = await search('status:offline');
    expect(names(r.sites)).toEqual(['Charlie Store']);
    expect(r.devices.map((d) => d.site.name).sort()).toEqual([
      'Alpha Store',
      'Charlie Store',
      'Charlie Store',
    ]);
    expect(r.devices.every((d) => d.status === 'offline')).toBe(true);
    expect(r.alerts.map((a) => a.id)).toEqual([ids.charlieAlert]);
    expect(r.tickets.map((x) => x.subject)).toEqual(['Printer down at Charlie']);
  });

  it('keeps to a restricted person’s site groups and to the organization, in SQL', async () => {
    const r = await search('status:offline', 'restricted');
    expect(r.sites).toEqual([]);
    expect(r.devices.map((d) => d.site.name)).toEqual(['Alpha Store']);
    expect(r.alerts).toEqual([]);
    expect(r.tickets).toEqual([]);
    const printer = await search('printer', 'restricted');
    expect(printer.tickets.map((x) => x.subject)).toEqual(['Printer down at Alpha']);
    const b = await search('status:offline', 'adminB');
    expect(b.devices.map((d) => d.name)).toEqual(['B offline AP']);
    // Its alert's device is online: not an offline one; by severity it is B's only alert.
    expect(b.alerts).toEqual([]);
    expect((await search('severity:critical', 'adminB')).alerts.map((a) => a.id)).toEqual([ids.otherAlert]);
    expect([...b.sites, ...b.devices.map((d) => d.site)].every((s) => s.id === f.other.id)).toBe(true);
  });

  it('reads free text, quoted values, models, states, groups, MACs and alert keys', async () => {
    expect(names((await search('"Alpha Store"')).sites)).toEqual(['Alpha Store']);
    const mr36 = await search('model:mr3 state:TX');
    expect(mr36.devices.map((d) => d.site.name).sort()).toEqual(['Alpha Store', 'Bravo Store']);
    expect(names(mr36.sites)).toEqual(['Alpha Store', 'Bravo Store']);
    expect(names((await search('state:co')).sites)).toEqual(['Charlie Store']);
    expect(names((await search(`group:"${f.g1.name.toLowerCase()}"`)).sites)).toEqual([
      'Alpha Store',
      'Bravo Store',
    ]);
    expect((await search('serial:AA-BB-CC-00-00-01')).devices.map((d) => d.id)).toEqual([f.alphaEdge.id]);
    const critical = await search('severity:critical ack:no');
    expect(critical.alerts.map((a) => a.id)).toEqual([ids.charlieAlert]);
    // severity: filters only alerts: the other groups are left out, not filled with everything.
    expect([critical.sites, critical.devices, critical.tickets]).toEqual([[], [], []]);
    expect((await search('ack:yes')).alerts.map((a) => a.id)).toEqual([ids.bravoAlert]);
    expect((await search('since:30m')).alerts).toEqual([]);
    expect((await search('since:2h')).alerts.map((a) => a.id).sort()).toEqual(
      [ids.bravoAlert, ids.charlieAlert].sort(),
    );
  });

  it('gives `limit` rows of each group at most (20 at most)', async () => {
    const one = await search('store', 'admin', '&limit=1');
    expect(one.sites).toHaveLength(1);
    expect(one.devices).toHaveLength(1);
    const capped = await search('store', 'admin', '&limit=500');
    expect(capped.sites.length).toBeLessThanOrEqual(20);
  });

  it('answers 400 with the parser message on a bad query', async () => {
    for (const [q, message] of [
      ['austin colour:red', 'Unknown key "colour" at character 8.'],
      ['status:asleep', '"asleep" is not a valid status at character 1.'],
      ['site:"New York', 'Close the quote opened at character 6.'],
      ['', 'Type something to search for.'],
    ]) {
      const res = await get(`/api/search?q=${encodeURIComponent(q as string)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('the vocabulary of suggestions keeps to the scope', async () => {
    const res = await get('/api/search/vocabulary', 'restricted');
    const v = QueryVocabularySchema.parse(res.json());
    expect(v.models).toEqual(['E300', 'FortiGate 60F', 'MR36', 'MS120-8']);
    expect(v.groups).toEqual([f.g1.name]);
    expect(v.states).toEqual(['TX']);
    const all = QueryVocabularySchema.parse((await get('/api/search/vocabulary')).json());
    expect(all.states).toEqual(['CO', 'TX']);
    expect(all.groups).toHaveLength(2);
  });
});

describe('the query language in the lists', () => {
  it('the sites, devices, alerts and tickets lists apply the filters of their search text', async () => {
    const sites = (await get('/api/site/search/filtered?q=status%3Aoffline')).json();
    expect(sites.content.map((s: { name: string }) => s.name)).toEqual(['Charlie Store']);
    expect(sites.totalElements).toBe(1);
    const devices = (
      await get(`/api/device/search/filtered?q=${encodeURIComponent('kind:access-point Bravo')}`)
    ).json();
    expect(devices.content.map((d: { site: { name: string } }) => d.site.name)).toEqual(['Bravo Store']);
    const alerts = (
      await get(`/api/alert?q=${encodeURIComponent('severity:major,critical state:TX')}`)
    ).json();
    expect(alerts.content.map((a: { id: string }) => a.id)).toEqual([ids.bravoAlert]);
    const tickets = (await get(`/api/ticket?q=${encodeURIComponent('state:CO')}`)).json();
    expect(tickets.content.map((x: { subject: string }) => x.subject)).toEqual(['Printer down at Charlie']);
  });

  it('refuses with 400 a key the list cannot filter, and a bad value', async () => {
    const site = await get(`/api/site/search/filtered?q=${encodeURIComponent('severity:major')}`);
    expect(site.statusCode).toBe(400);
    expect(site.json().message).toBe('"severity:" does not filter sites (character 1).');
    const device = await get(`/api/device/search/filtered?q=${encodeURIComponent('kind:toaster')}`);
    expect(device.statusCode).toBe(400);
    const alert = await get(`/api/alert?q=${encodeURIComponent('ack:maybe')}`);
    expect(alert.statusCode).toBe(400);
  });
});
