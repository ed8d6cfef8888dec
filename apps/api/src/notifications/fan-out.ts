/**
 * The notification fan-out: in the alert engine's transaction, turns alerts that were raised or cleared
 * into queued messages — one per (alert, transition, person, channel), by idempotency key, so an engine
 * that runs twice queues nothing twice. Who is told: the organization's active people (not SUPPORT) whose
 * profile matches and whose scope covers the alert's site; only roots, never dependents, and nothing
 * raised in a maintenance window.
 *
 * Quiet hours fold what happens in them into one digest sent when they end. A person gets at most
 * {@link RATE_LIMIT} alert messages per channel in each {@link RATE_WINDOW_MS} window of the clock
 * (fixed windows, e.g. 14:00–14:10); the rest of that window is folded into one digest sent at its end.
 * A raised Critical or Major alert is never held by either (issue 37): it goes at once, on its own. A digest
 * lists open problems first (worst, then newest) and clearings last.
 */
import {
  type AlertCode,
  type AlertSeverity,
  type Channel,
  ChannelSchema,
  type DeviceKind,
} from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import { consoleLinks } from '../delivery/console-links.ts';
import type { DbOrTx } from '../plugins/db.ts';
import { matchesProfile } from './matching.ts';
import {
  type AlertFacts,
  alertLine,
  alertText,
  compareDigestEntries,
  type DigestEntry,
  digestText,
} from './messages.ts';
import { contactsOf, languageOf, readProfile } from './profile.ts';
import {
  appendLines,
  countAlertMessages,
  type DigestWrite,
  foldedInto,
  foldedNote,
  insertNotifications,
  lockRecipients,
  type NewNotification,
  type NotificationKind,
  notificationsByKey,
  unfold,
  writeDigests,
} from './queue.ts';
import { quietUntil } from './quiet-hours.ts';

/** Alert messages one person gets on one channel per window before the rest goes in a digest. */
export const RATE_LIMIT = 5;
export const RATE_WINDOW_MS = 10 * 60_000;

export type AlertTransitionInput = {
  alertIds: readonly string[];
  transition: 'raised' | 'cleared';
  /** The engine's clock (ms since the epoch, or a Date). */
  now: number | Date;
};

export type FanOutOptions = {
  /** Where the console is (`consoleUrl(config)`): messages link to the alert's page there. */
  consoleUrl: string;
};

type Folded = { key: string; notBefore: Date };

export type FanOutResult = {
  /** Messages queued to go on their own. */
  queued: number;
  /** Alerts folded into a digest (quiet hours, rate limit). */
  folded: number;
};

type AlertRow = {
  id: string;
  organization_id: string;
  code: AlertCode;
  severity: AlertSeverity;
  details: Record<string, number | string>;
  region: string | null;
  raised_at: Date | string;
  cleared_at: Date | string | null;
  occurrences: number;
  site_name: string | null;
  device_kind: DeviceKind | null;
  device_name: string | null;
  device_model: string | null;
  mac_address: string | null;
  site_ids: string[] | null;
};

type PersonRow = {
  id: string;
  organization_id: string;
  username: string;
  mfa_sms: boolean;
  sms_number: string | null;
  mfa_voice: boolean;
  voice_number: string | null;
  profile: unknown;
  language: string | null;
  scope_group_ids: string[] | null;
};

type Item = {
  alert: AlertRow;
  facts: AlertFacts;
  person: PersonRow;
  channel: Channel;
  destination: string;
  key: string;
};

const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * The alerts with what a message says of them; `rootsOnly`: only roots outside maintenance (what is told). A
 * regional incident concerns its dependents' sites (else its region's).
 */
async function readAlerts(tx: DbOrTx, ids: readonly string[], { rootsOnly }: { rootsOnly: boolean }) {
  const { rows } = await tx.execute<AlertRow>(sql`
    select a.id, a.organization_id, a.code, a.severity, a.details, a.region, a.raised_at, a.cleared_at,
      a.occurrences, s.name as site_name, d.kind as device_kind, d.name as device_name, d.model as device_model,
      d.mac_address,
      case when a.site_id is not null then array[a.site_id]
        else coalesce(
          (select array_agg(distinct x.site_id) from alerts x
            where x.root_alert_id = a.id and x.site_id is not null),
          (select array_agg(r.id) from sites r where r.organization_id = a.organization_id and r.state = a.region))
      end as site_ids
    from alerts a
    left join sites s on s.id = a.site_id
    left join devices d on d.id = a.device_id
    where a.id in (${uuidList(ids)})${rootsOnly ? sql` and a.root_alert_id is null and not a.in_maintenance` : sql``}`);
  return rows;
}

function factsOf(alert: AlertRow): AlertFacts {
  return {
    code: alert.code,
    severity: alert.severity,
    details: alert.details ?? {},
    siteName: alert.site_name,
    region: alert.region,
    deviceKind: alert.device_kind,
    deviceName: alert.device_name,
    deviceModel: alert.device_model,
    macAddress: alert.mac_address,
    raisedAt: asDate(alert.raised_at),
    clearedAt: alert.cleared_at ? asDate(alert.cleared_at) : null,
  };
}

/** Raised alerts of these severities go at once, on their own, whatever the rate limit or quiet hours (issue 37). */
const NEVER_HELD: readonly AlertSeverity[] = ['critical', 'major'];

/**
 * Queues the notifications of alerts that were raised or cleared (call it in the transaction that made the
 * change; the engine calls 'cleared' once the flap window passed). Idempotent: the key of each message is
 * `${alertId}:${transition}:${occurrence}:${userId}:${channel}`.
 */
export async function queueAlertNotifications(
  tx: DbOrTx,
  input: AlertTransitionInput,
  options: FanOutOptions,
): Promise<FanOutResult> {
  const links = consoleLinks(options.consoleUrl);
  const result: FanOutResult = { queued: 0, folded: 0 };
  const ids = [...new Set(input.alertIds)];
  if (ids.length === 0) return result;
  const now = input.now instanceof Date ? input.now : new Date(input.now);
  const { transition } = input;

  // Roots outside maintenance only; a regional incident concerns its dependents' sites (else its region's).
  const alerts = await readAlerts(tx, ids, { rootsOnly: true });
  if (alerts.length === 0) return result;

  const orgIds = [...new Set(alerts.map((a) => a.organization_id))];
  // Everyone of those organizations but the provider's staff, active accounts only (not a registration
  // waiting for approval, not a deactivated person); a non-administrator in site groups is limited to them
  // (scope_group_ids), as everywhere in the fleet.
  const { rows: people } = await tx.execute<PersonRow>(sql`
    select u.id, u.organization_id, u.username, u.mfa_sms, u.sms_number, u.mfa_voice, u.voice_number,
      np.profile, lp.value as language,
      case when u.role = 'ADMINISTRATOR' then null
        else (select array_agg(g.site_group_id) from user_site_groups g where g.user_id = u.id) end
        as scope_group_ids
    from users u
    left join notification_profiles np on np.user_id = u.id
    left join user_preferences lp on lp.user_id = u.id and lp.name = 'language'
    where u.organization_id in (${uuidList(orgIds)}) and u.role <> 'SUPPORT' and u.status = 'active'
    order by u.id`);
  if (people.length === 0) return result;

  const siteIds = [...new Set(alerts.flatMap((a) => a.site_ids ?? []))];
  const groupsBySite = new Map<string, string[]>();
  if (siteIds.length > 0) {
    const { rows } = await tx.execute<{ site_id: string; group_ids: string[] }>(sql`
      select site_id, array_agg(site_group_id) as group_ids from site_group_sites
      where site_id in (${uuidList(siteIds)}) group by site_id`);
    for (const r of rows) groupsBySite.set(r.site_id, r.group_ids);
  }
  const groupsOf = (siteId: string) => groupsBySite.get(siteId) ?? [];

  // Each profile parsed, and each person's contacts read, once, not once per alert.
  const profiles = new Map(people.map((p) => [p.id, readProfile(p.profile)]));
  const profileOf = (p: PersonRow) => profiles.get(p.id) ?? readProfile(p.profile);
  const contacts = new Map(
    people.map((p) => [
      p.id,
      contactsOf({
        username: p.username,
        mfaSms: p.mfa_sms,
        smsNumber: p.sms_number,
        mfaVoice: p.mfa_voice,
        voiceNumber: p.voice_number,
      }),
    ]),
  );
  const contactsOfPerson = (p: PersonRow) => contacts.get(p.id) as ReturnType<typeof contactsOf>;

  const items: Item[] = [];
  for (const alert of alerts) {
    const facts = factsOf(alert);
    const target = { code: alert.code, severity: alert.severity, siteIds: alert.site_ids ?? [] };
    for (const person of people) {
      if (person.organization_id !== alert.organization_id) continue;
      const profile = profileOf(person);
      if (!matchesProfile(target, transition, { profile, scopeGroupIds: person.scope_group_ids }, groupsOf))
        continue;
      const contacts = contactsOfPerson(person);
      for (const channel of ChannelSchema.options) {
        const destination = contacts[channel];
        if (!profile.channels.includes(channel) || !destination) continue;
        items.push({
          alert,
          facts,
          person,
          channel,
          destination,
          key: `${alert.id}:${transition}:${alert.occurrences ?? 0}:${person.id}:${channel}`,
        });
      }
    }
  }

  // Every recipient (person, channel) is locked, in a fixed order, for the rest of the transaction: what is
  // read below (the window's count, existing keys, open digests) then holds until the writes.
  const byRecipient = new Map<string, Item[]>();
  for (const item of items) {
    const k = `${item.person.id}:${item.channel}`;
    const group = byRecipient.get(k);
    if (group) group.push(item);
    else byRecipient.set(k, [item]);
  }
  const recipients = [...byRecipient.values()].map((g) => {
    const { person, channel } = g[0] as Item;
    return { userId: person.id, channel };
  });
  await lockRecipients(tx, recipients);
  const windowStart = Math.floor(now.getTime() / RATE_WINDOW_MS) * RATE_WINDOW_MS;
  const windowEnd = new Date(windowStart + RATE_WINDOW_MS);
  const plans = [...byRecipient.values()].map((group) => {
    const { person, channel, destination } = group[0] as Item;
    const profile = profileOf(person);
    const quietEnd = quietUntil(now.getTime(), profile.quietHours);
    const digestAt = quietEnd === null ? windowEnd : new Date(quietEnd);
    const digestKey = `digest:${quietEnd ? 'quiet' : 'rate'}:${person.id}:${channel}:${digestAt.toISOString()}`;
    return {
      group,
      person,
      channel,
      destination,
      quiet: quietEnd !== null,
      lang: languageOf(person.language),
      timeZone: profile.quietHours?.timeZone ?? null,
      digestAt,
      digestKey,
    };
  });
  const [counts, stored] = await Promise.all([
    countAlertMessages(tx, recipients, new Date(windowStart), windowEnd),
    notificationsByKey(tx, [...items.map((i) => i.key), ...plans.map((p) => p.digestKey)]),
  ]);

  // Each recipient's new items in order: raised Critical and Major alerts, and the first up to the rate limit,
  // go on their own at once; the rest (all of them in quiet hours) are folded into the digest — or go on their
  // own at its time when a sender already took it.
  const rows: NewNotification[] = [];
  const folding: {
    plan: (typeof plans)[number];
    entries: (DigestEntry & { alertId: string })[];
    folded: Folded[];
  }[] = [];
  for (const plan of plans) {
    const { person, channel, destination, lang, timeZone, digestAt, digestKey } = plan;
    let sent = plan.quiet ? Number.POSITIVE_INFINITY : (counts.get(`${person.id}:${channel}`) ?? 0);
    const digest = stored.get(digestKey);
    const entries: (DigestEntry & { alertId: string })[] = [];
    const folded: Folded[] = [];
    for (const item of plan.group) {
      if (stored.has(item.key)) continue;
      const state = item.facts.clearedAt ? 'cleared' : 'active';
      const text = alertText(
        item.facts,
        transition,
        channel,
        lang,
        timeZone,
        links.alert(item.alert.id, state),
      );
      const base = {
        organizationId: person.organization_id,
        userId: person.id,
        alertId: item.alert.id,
        kind: transition satisfies NotificationKind,
        channel,
        destination,
        subject: text.subject,
        body: text.body,
        idempotencyKey: item.key,
        createdAt: now,
      };
      const urgent = transition === 'raised' && NEVER_HELD.includes(item.alert.severity);
      if (urgent || sent < RATE_LIMIT) {
        rows.push({ ...base, notBefore: now });
        sent += 1;
      } else if (digest && !digest.open) {
        rows.push({ ...base, notBefore: digestAt });
      } else {
        // Folded: the row keeps the key (so it is folded once) and the digest gets a line.
        rows.push({ ...base, state: 'skipped', notBefore: digestAt, lastError: foldedNote(digestKey) });
        entries.push({ alertId: item.alert.id, facts: item.facts, transition });
        folded.push({ key: item.key, notBefore: digestAt });
      }
    }
    if (entries.length > 0) folding.push({ plan, entries, folded });
  }

  // A digest is written whole each time, in its order (open problems first, clearings last): what it already
  // holds is read back with the alerts as they are now.
  const earlier = await foldedInto(
    tx,
    folding.map(({ plan }) => ({ digestKey: plan.digestKey, userId: plan.person.id })),
  );
  const factsById = new Map(alerts.map((a) => [a.id, factsOf(a)]));
  const missing = [...new Set([...earlier.values()].flat().map((e) => e.alertId))].filter(
    (id) => !factsById.has(id),
  );
  if (missing.length > 0)
    for (const a of await readAlerts(tx, missing, { rootsOnly: false })) factsById.set(a.id, factsOf(a));
  const digests: (DigestWrite & { folded: Folded[] })[] = folding.map(({ plan, entries, folded }) => {
    const { person, channel, destination, lang, timeZone, digestAt, digestKey } = plan;
    const held = (earlier.get(digestKey) ?? []).flatMap(({ alertId, transition }) => {
      const facts = factsById.get(alertId);
      return facts ? [{ facts, transition }] : [];
    });
    const intro = digestText(plan.quiet ? 'quiet' : 'rate', lang, links.alerts());
    const lines = [...held, ...entries]
      .sort(compareDigestEntries)
      .map((e) => alertLine(e.facts, e.transition, lang, timeZone));
    return {
      organizationId: person.organization_id,
      userId: person.id,
      channel,
      destination,
      subject: intro.subject,
      body: appendLines(`${intro.body}\n`, lines),
      idempotencyKey: digestKey,
      notBefore: digestAt,
      createdAt: now,
      folded,
    };
  });
  await insertNotifications(tx, rows);
  const written = await writeDigests(tx, digests);
  const late = digests.filter((d) => !written.has(d.idempotencyKey)).flatMap((d) => d.folded);
  await unfold(tx, late);
  const foldedCount = digests.reduce((n, d) => n + d.folded.length, 0);
  result.folded = foldedCount - late.length;
  result.queued = rows.length - foldedCount + late.length;
  return result;
}
