/**
 * The alert engine: reconciles the conditions the rules find with
 * the stored alerts, in the caller's transaction — the gateway's, which wrote the fleet change — so an
 * alert is never lost or doubled. One active alert per (device, code); an alert that comes back within
 * the flap window is the same alert again (occurrences + 1, not notified again); a device behind a down
 * edge device is attached to the edge's alert as a dependent; several sites of a region failing together
 * are attached to one regional incident. New root alerts, and clearings that stayed cleared past the flap
 * window, are handed to the notification fan-out.
 */
import {
  ALERT_CODE_INFO,
  ALERT_THRESHOLDS,
  type AlertCode,
  type AlertEvent,
  type LiveEvent,
} from '@vnoc/contracts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../plugins/db.ts';
import { arr, iso } from '../gateway/sql.ts';
import { type AlertFacts, loadFacts, sweepCandidates } from './facts.ts';
import { type Condition, conditionsOf, deviceSpeed, ROOT_CAUSE_CODES, regionalOutageStart } from './rules.ts';

const MINUTE = 60_000;
/** Serializes reconciliations across processes (the gateway's ticks, sweeps, port actions). */
const LOCK = sql`select pg_advisory_xact_lock(hashtext('vnoc.alerts'))`;

export type AlertTransition = 'raised' | 'cleared' | 'updated';

/** One stored alert that changed, for live events and notifications. */
export type AlertChange = {
  id: string;
  organizationId: string;
  siteId: string | null;
  deviceId: string | null;
  code: AlertCode;
  rootAlertId: string | null;
  transition: AlertTransition;
  at: number;
};

/** The notification fan-out, called in the engine's transaction (issue 8 part 6). */
export type NotifyAlerts = (
  tx: DbOrTx,
  input: { alertIds: string[]; transition: 'raised' | 'cleared'; now: number },
) => Promise<unknown>;

export type AlertEngineOptions = {
  db: Db;
  log: { error: (obj: unknown, msg: string) => void; warn: (obj: unknown, msg: string) => void };
  /** Live events, after the transaction committed. */
  publish?: (organizationId: string, event: LiveEvent) => void;
  notify?: NotifyAlerts;
  /** Told after a commit that queued notifications (wakes the dispatcher). */
  notified?: () => void;
  /**
   * SIM_SPEED: fleet ms per real ms; a simulated device's thresholds and windows are in the fleet's time,
   * a real device's (driver 'agent' or 'openwisp') on the clock (rules.ts, `deviceSpeed`). Default 1.
   */
  speed?: number;
};

export type AlertEngine = {
  /** In the caller's transaction: re-evaluates these devices and the other devices of their sites. */
  evaluate: (tx: DbOrTx, deviceIds: readonly string[], now: number) => Promise<AlertChange[]>;
  /** After the caller's commit: publishes the changes (and wakes the notification sender). */
  committed: (changes: readonly AlertChange[]) => void;
  /**
   * Its own transaction: the time-based conditions (reboot or installation too long, silence, signal,
   * WAN samples, ports) of the devices that may have them, and the clearings to notify.
   */
  sweep: (now: number) => Promise<AlertChange[]>;
  /** Sweeps every `everyMs` until `stop`. */
  run: (everyMs?: number) => void;
  stop: () => Promise<void>;
};

export const SWEEP_MS = 30_000;
/** Details that only say how long a condition has lasted (they change every minute). */
const DURATION_KEYS = sql`array['minutes']`;
/** An active alert's `last seen` is rewritten at least this often while its condition holds (real time). */
export const LAST_SEEN_REFRESH_MS = 2 * MINUTE;

type ActiveRow = {
  id: string;
  device_id: string;
  code: AlertCode;
  root_alert_id: string | null;
  organization_id: string;
  site_id: string | null;
};

export function createAlertEngine(options: AlertEngineOptions): AlertEngine {
  const { db, log } = options;
  const speed = options.speed ?? 1;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const engine: AlertEngine = {
    async evaluate(tx, deviceIds, now) {
      if (deviceIds.length === 0) return [];
      await tx.execute(LOCK);
      const changes = await reconcile(tx, deviceIds, now, speed);
      await queueNotifications(tx, changes, now);
      return changes;
    },
    committed(changes) {
      if (changes.length === 0) return;
      if (options.publish) for (const c of changes) options.publish(c.organizationId, toEvent(c));
      if (options.notify) options.notified?.();
    },
    async sweep(now) {
      const changes = await db.transaction(async (tx) => {
        await tx.execute(LOCK);
        const ids = await sweepCandidates(tx, now, speed);
        const found = await reconcile(tx, ids, now, speed);
        await queueNotifications(tx, found, now);
        const cleared = await confirmClearings(tx, now, speed);
        await noteClearedTickets(tx, cleared, now);
        if (cleared.length > 0 && options.notify)
          await options.notify(tx, { alertIds: cleared, transition: 'cleared', now });
        return found;
      });
      engine.committed(changes);
      return changes;
    },
    run(everyMs = SWEEP_MS) {
      if (timer || stopped) return;
      const tick = () => {
        if (running || stopped) return;
        running = engine
          .sweep(Date.now())
          .catch((err: unknown) => log.error({ err }, 'alert sweep failed'))
          .finally(() => {
            running = undefined;
          });
      };
      tick();
      timer = setInterval(tick, everyMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };

  async function queueNotifications(tx: DbOrTx, changes: readonly AlertChange[], now: number) {
    if (!options.notify) return;
    // Only alerts raised for the first time: one that came back within the flap window was told already.
    const raised = changes
      .filter((c) => c.transition === 'raised' && c.rootAlertId === null)
      .map((c) => c.id);
    if (raised.length > 0) await options.notify(tx, { alertIds: raised, transition: 'raised', now });
  }

  return engine;
}

function toEvent(c: AlertChange): AlertEvent {
  return {
    type: `alert.${c.transition}`,
    alertId: c.id,
    code: c.code,
    severity: ALERT_CODE_INFO[c.code].severity,
    siteId: c.siteId,
    deviceId: c.deviceId,
    rootAlertId: c.rootAlertId,
    at: iso(c.at),
  };
}

const key = (deviceId: string, code: string) => `${deviceId}:${code}`;

/**
 * Reconciles the conditions of the devices and of the other devices of their sites (whose dependents may
 * change: a reboot that became too long takes its site's devices along) with their stored alerts,
 * then the regional incidents of the organizations touched. Answers what changed; `raised` marks a new alert (a returning one is `updated`).
 */
async function reconcile(
  tx: DbOrTx,
  deviceIds: readonly string[],
  now: number,
  speed: number,
): Promise<AlertChange[]> {
  if (deviceIds.length === 0) return [];
  const facts = await loadFacts(tx, deviceIds, now);
  if (facts.length === 0) return [];
  const byId = new Map(facts.map((f) => [f.deviceId, f]));
  const ids = facts.map((f) => f.deviceId);
  const conditions = facts.flatMap((f) => conditionsOf(f, now, speed));
  const changes: AlertChange[] = [];
  const change = (
    row: { id: string; device_id: string; code: AlertCode; root_alert_id: string | null },
    transition: AlertTransition,
  ) => {
    const f = byId.get(row.device_id);
    if (!f) return;
    changes.push({
      id: row.id,
      organizationId: f.organizationId,
      siteId: f.siteId,
      deviceId: row.device_id,
      code: row.code,
      rootAlertId: row.root_alert_id,
      transition,
      at: now,
    });
  };

  const active = new Map<string, ActiveRow>();
  const { rows: activeRows } = await tx.execute<ActiveRow>(sql`
    select id, device_id, code, root_alert_id, organization_id, site_id from alerts
    where device_id = any(${arr(ids)}::uuid[]) and state = 'active'`);
  for (const r of activeRows) active.set(key(r.device_id, r.code), r);

  // Roots first (their ids are what dependents attach to), then dependents.
  const roots = conditions.filter((c) => !c.dependsOn);
  await upsert(
    tx,
    // A site offline keeps the regional incident it is attached to (the only root it can have).
    roots.map((c) => ({
      c,
      root: c.code === 'site_offline' ? (active.get(key(c.deviceId, c.code))?.root_alert_id ?? null) : null,
    })),
    active,
    byId,
    now,
    speed,
    change,
  );

  const rootOf = new Map<string, string>();
  for (const c of roots) {
    if (!ROOT_CAUSE_CODES.includes(c.code)) continue;
    const row = active.get(key(c.deviceId, c.code));
    // site_offline wins over reboot_too_long when both are somehow present.
    if (row && (!rootOf.has(c.deviceId) || c.code === 'site_offline')) rootOf.set(c.deviceId, row.id);
  }
  // A device behind an edge device whose outage is no alert (a normal reboot) has no alert of its own.
  const dependents = conditions.flatMap((c) => {
    const root = c.dependsOn ? rootOf.get(c.dependsOn) : undefined;
    return c.dependsOn && root ? [{ c, root }] : [];
  });
  await upsert(tx, dependents, active, byId, now, speed, change);

  const wanted = new Set([...roots, ...dependents.map((d) => d.c)].map((c) => key(c.deviceId, c.code)));
  const ending = [...active.entries()].filter(([k]) => !wanted.has(k)).map(([, r]) => r);
  if (ending.length > 0) {
    const { rows } = await tx.execute<ActiveRow>(sql`
      update alerts set state = 'cleared', cleared_at = ${iso(now)}
      where id = any(${arr(ending.map((r) => r.id))}::uuid[]) and state = 'active'
      returning id, device_id, code, root_alert_id, organization_id, site_id`);
    for (const r of rows) change(r, 'cleared');
  }

  const orgs = new Set(changes.filter((c) => c.code === 'site_offline').map((c) => c.organizationId));
  if (orgs.size > 0) changes.push(...(await correlateRegions(tx, [...orgs], now, speed)));
  return changes;
}

/** Updates the conditions' active alerts, brings back those cleared within the flap window, inserts the rest. */
async function upsert(
  tx: DbOrTx,
  items: readonly { c: Condition; root: string | null }[],
  active: Map<string, ActiveRow>,
  byId: ReadonlyMap<string, AlertFacts>,
  now: number,
  speed: number,
  change: (row: ActiveRow, transition: AlertTransition) => void,
): Promise<void> {
  const existing = items.filter(({ c }) => active.has(key(c.deviceId, c.code)));
  const fresh = items.filter(({ c }) => !active.has(key(c.deviceId, c.code)));

  if (existing.length > 0) {
    const rows = existing.map(({ c, root }) => ({
      row: active.get(key(c.deviceId, c.code)) as ActiveRow,
      c,
      root,
    }));
    // Rewritten only when what was measured (other than how long it has lasted) or the root changed, or
    // to keep `last seen` (and the duration with it) within LAST_SEEN_REFRESH_MS: a sweep over every
    // active alert then writes few rows.
    await tx.execute(sql`
      update alerts a set last_seen_at = ${iso(now)}, details = v.details, root_alert_id = v.root
      from unnest(${arr(rows.map((r) => r.row.id))}::uuid[], ${arr(rows.map((r) => JSON.stringify(r.c.details)))}::jsonb[],
                  ${arr(rows.map((r) => r.root))}::uuid[]) as v(id, details, root)
      where a.id = v.id and (a.details - ${DURATION_KEYS} is distinct from v.details - ${DURATION_KEYS}
        or a.root_alert_id is distinct from v.root
        or a.last_seen_at < ${iso(now - LAST_SEEN_REFRESH_MS)})`);
    for (const r of rows) {
      if (r.row.root_alert_id !== r.root) {
        r.row.root_alert_id = r.root;
        change(r.row, 'updated');
      }
    }
  }
  if (fresh.length === 0) return;

  // Back within the flap window (the device's time): the same alert again.
  const flapSince = (c: Condition) =>
    iso(
      now -
        (ALERT_THRESHOLDS.flapMinutes * MINUTE) /
          deviceSpeed(byId.get(c.deviceId)?.driver ?? 'simulator', speed),
    );
  const { rows: back } = await tx.execute<ActiveRow>(sql`
    update alerts a set state = 'active', cleared_at = null, last_seen_at = ${iso(now)},
      occurrences = a.occurrences + 1, details = v.details, root_alert_id = v.root
    from (
      select distinct on (x.device_id, x.code) al.id, x.details, x.root
      from unnest(${arr(fresh.map(({ c }) => c.deviceId))}::uuid[], ${arr(fresh.map(({ c }) => c.code))}::text[],
                  ${arr(fresh.map(({ c }) => JSON.stringify(c.details)))}::jsonb[], ${arr(fresh.map(({ root }) => root))}::uuid[],
                  ${arr(fresh.map(({ c }) => flapSince(c)))}::timestamptz[])
             as x(device_id, code, details, root, flap_since)
      join alerts al on al.device_id = x.device_id and al.code = x.code
        and al.state = 'cleared' and al.cleared_at > x.flap_since
      order by x.device_id, x.code, al.cleared_at desc
    ) v
    where a.id = v.id
    returning a.id, a.device_id, a.code, a.root_alert_id, a.organization_id, a.site_id`);
  for (const r of back) {
    active.set(key(r.device_id, r.code), r);
    change(r, 'updated');
  }

  const insert = fresh.filter(({ c }) => !active.has(key(c.deviceId, c.code)));
  if (insert.length === 0) return;
  const fact = (c: Condition) => byId.get(c.deviceId) as AlertFacts;
  const { rows: inserted } = await tx.execute<ActiveRow>(sql`
    insert into alerts (organization_id, site_id, device_id, region, code, severity, details, raised_at,
      last_seen_at, root_alert_id, in_maintenance)
    select v.org, v.site, v.device, v.region, v.code, v.severity, v.details, coalesce(v.since, ${iso(now)}), ${iso(now)}, v.root,
      exists (
        select 1 from maintenance_windows w
        where w.organization_id = v.org and w.starts_at <= ${iso(now)} and w.ends_at > ${iso(now)}
          and (exists (select 1 from maintenance_window_sites ws where ws.window_id = w.id and ws.site_id = v.site)
            or exists (select 1 from site_group_sites g where g.site_group_id = w.group_id and g.site_id = v.site)))
    from unnest(
      ${arr(insert.map(({ c }) => fact(c).organizationId))}::uuid[],
      ${arr(insert.map(({ c }) => fact(c).siteId))}::uuid[],
      ${arr(insert.map(({ c }) => c.deviceId))}::uuid[],
      ${arr(insert.map(({ c }) => fact(c).region))}::text[],
      ${arr(insert.map(({ c }) => c.code))}::text[],
      ${arr(insert.map(({ c }) => ALERT_CODE_INFO[c.code].severity))}::text[],
      ${arr(insert.map(({ c }) => JSON.stringify(c.details)))}::jsonb[],
      ${arr(insert.map(({ root }) => root))}::uuid[],
      ${arr(insert.map(({ c }) => (c.since === undefined ? null : iso(Math.min(c.since, now)))))}::timestamptz[])
      as v(org, site, device, region, code, severity, details, root, since)
    on conflict do nothing
    returning id, device_id, code, root_alert_id, organization_id, site_id`);
  for (const r of inserted) {
    active.set(key(r.device_id, r.code), r);
    change(r, 'raised');
  }
}

type RegionalRow = {
  id: string;
  /** The driver of the alert's device (null for an incident). */
  driver: string | null;
  organization_id: string;
  site_id: string | null;
  device_id: string | null;
  region: string | null;
  raised_at: Date | string;
  root_alert_id: string | null;
};
const REGIONAL_COLUMNS = sql`id, organization_id, site_id, device_id, region, raised_at, root_alert_id,
  (select d.driver from devices d where d.id = device_id) as driver`;

/**
 * Regional incidents of these organizations: the active site-offline alerts of a region attach to the
 * region's active incident; without one, enough of them raised close together open it; an incident with
 * nothing attached any more clears. A few set-based statements whatever the number of regions.
 */
async function correlateRegions(
  tx: DbOrTx,
  orgIds: readonly string[],
  now: number,
  speed: number,
): Promise<AlertChange[]> {
  const changes: AlertChange[] = [];
  const { rows: active } = await tx.execute<RegionalRow & { code: AlertCode }>(sql`
    select ${REGIONAL_COLUMNS}, code from alerts
    where organization_id = any(${arr(orgIds)}::uuid[]) and state = 'active'
      and (code = 'regional_outage' or (code = 'site_offline' and region is not null))`);
  const regionKey = (r: { organization_id: string; region: string | null }) =>
    `${r.organization_id}|${r.region}`;
  const groups = new Map<string, RegionalRow[]>();
  const open = new Map<string, RegionalRow>();
  for (const r of active) {
    if (r.code === 'regional_outage') open.set(regionKey(r), r);
    else {
      const group = groups.get(regionKey(r));
      if (group) group.push(r);
      else groups.set(regionKey(r), [r]);
    }
  }
  const raised = (m: { raised_at: Date | string }) => new Date(m.raised_at).getTime();

  // Regions without an incident whose outages now make one.
  const opening = [...groups].flatMap(([k, all]) => {
    if (open.has(k)) return [];
    // The window is the fleet's time when every outage is a simulated device's, else the clock's.
    const windowSpeed = all.every((m) => m.driver === 'simulator') ? speed : 1;
    const start = regionalOutageStart(all.map(raised), windowSpeed);
    return start === null ? [] : [{ first: all[0] as RegionalRow, start }];
  });
  if (opening.length > 0) {
    const { rows } = await tx.execute<RegionalRow>(sql`
      insert into alerts (organization_id, region, code, severity, details, raised_at, last_seen_at)
      select o, r, 'regional_outage', ${ALERT_CODE_INFO.regional_outage.severity}::text, '{}'::jsonb, s, ${iso(now)}
      from unnest(${arr(opening.map((o) => o.first.organization_id))}::uuid[], ${arr(opening.map((o) => o.first.region))}::text[],
        ${arr(opening.map((o) => iso(o.start)))}::timestamptz[]) as v(o, r, s)
      on conflict do nothing
      returning ${REGIONAL_COLUMNS}`);
    for (const incident of rows) {
      open.set(regionKey(incident), incident);
      changes.push(regionalChange(incident, 'raised', now));
    }
  }

  // The sites that went offline since each incident began (older outages of the region stay their own).
  const attach: { id: string; root: string }[] = [];
  const touched: { id: string; details: string }[] = [];
  const ending: RegionalRow[] = [];
  for (const [k, incident] of open) {
    const all = groups.get(k) ?? [];
    const began = raised(incident);
    const members = all.filter((m) => m.root_alert_id === incident.id || raised(m) >= began);
    if (members.length === 0) {
      ending.push(incident);
      continue;
    }
    for (const m of members) {
      if (m.root_alert_id === incident.id) continue;
      attach.push({ id: m.id, root: incident.id });
      changes.push({
        id: m.id,
        organizationId: m.organization_id,
        siteId: m.site_id,
        deviceId: m.device_id,
        code: 'site_offline',
        rootAlertId: incident.id,
        transition: 'updated',
        at: now,
      });
    }
    touched.push({
      id: incident.id,
      details: JSON.stringify({ sites: members.length, region: incident.region ?? '' }),
    });
  }
  if (attach.length > 0)
    await tx.execute(sql`
      update alerts a set root_alert_id = v.root
      from unnest(${arr(attach.map((x) => x.id))}::uuid[], ${arr(attach.map((x) => x.root))}::uuid[]) as v(id, root)
      where a.id = v.id`);
  if (touched.length > 0)
    await tx.execute(sql`
      update alerts a set last_seen_at = ${iso(now)}, details = v.details
      from unnest(${arr(touched.map((x) => x.id))}::uuid[], ${arr(touched.map((x) => x.details))}::jsonb[]) as v(id, details)
      where a.id = v.id`);
  // An incident with no site offline attached any more is over.
  if (ending.length > 0) {
    await tx.execute(sql`
      update alerts set state = 'cleared', cleared_at = ${iso(now)}
      where id = any(${arr(ending.map((x) => x.id))}::uuid[])`);
    for (const incident of ending) changes.push(regionalChange(incident, 'cleared', now));
  }
  return changes;
}

function regionalChange(r: RegionalRow, transition: AlertTransition, now: number): AlertChange {
  return {
    id: r.id,
    organizationId: r.organization_id,
    siteId: null,
    deviceId: null,
    code: 'regional_outage',
    rootAlertId: null,
    transition,
    at: now,
  };
}

/**
 * Issue 37: the open ticket of each alert whose clearing is confirmed gets a note of when it cleared. The ticket
 * stays open: it is the customer's conversation with support, closed by them (docs/decisions/alerts-and-notifications.md,
 * "Tickets of alerts").
 */
async function noteClearedTickets(tx: DbOrTx, alertIds: string[], now: number): Promise<void> {
  if (alertIds.length === 0) return;
  await tx.execute(sql`
    with noted as (
      insert into ticket_notes (ticket_id, kind, at)
      select t.id, 'alert_cleared', a.cleared_at from tickets t join alerts a on a.id = t.alert_id
      where t.alert_id = any(${arr(alertIds)}::uuid[]) and t.status = 'open'
      returning ticket_id)
    update tickets set updated_at = ${iso(now)} where id in (select ticket_id from noted)`);
}

/**
 * Clearings that stayed cleared past the flap window (its device's time; the fleet's for an incident):
 * marked, and answered to notify once.
 */
async function confirmClearings(tx: DbOrTx, now: number, speed: number): Promise<string[]> {
  const flapEnd = (s: number) => iso(now - (ALERT_THRESHOLDS.flapMinutes * MINUTE) / s);
  const { rows } = await tx.execute<{ id: string }>(sql`
    update alerts a set clear_notified = true
    where a.state = 'cleared' and not a.clear_notified
      and a.cleared_at <= case
        when coalesce((select d.driver from devices d where d.id = a.device_id), 'simulator') = 'simulator'
        then ${flapEnd(speed)}::timestamptz else ${flapEnd(1)}::timestamptz end
    returning a.id`);
  return rows.map((r) => r.id);
}
