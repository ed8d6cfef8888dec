/**
 * The alert engine's rules: pure functions from what is known of a device now to
 * the alert conditions that hold for it. The engine (./engine.ts) reconciles them with the stored alerts.
 */
import {
  ALERT_THRESHOLDS,
  type AlertCode,
  type DeviceDriver,
  type DeviceKind,
  type DeviceStatus,
  deviceSignalBars,
  type ModemSignalStatistics,
} from '@vnoc/contracts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Averages of a device's latest WAN samples (the newest `ALERT_THRESHOLDS.wanSamples`, if recent). */
export type WanAverages = {
  ping: number | null;
  jitter: number | null;
  loss: number | null;
  samples: number;
};

/** What the rules need to know about one device. */
export type DeviceFacts = {
  deviceId: string;
  kind: DeviceKind;
  /** How the device reports: a simulated one lives in the fleet's time, a real one (agent, OpenWISP) on the clock. */
  driver: DeviceDriver;
  status: DeviceStatus;
  /** When the current status began (ms); null when unknown. */
  statusSince: number | null;
  /** The device's last report (ms); null when it never reported. */
  lastUpdate: number | null;
  signal: readonly ModemSignalStatistics[] | null;
  disabledPorts: readonly number[];
  wan: WanAverages | null;
  /** The site's edge device, for an access point or switch (null for edge devices and sites without one). */
  edge: { deviceId: string; status: DeviceStatus } | null;
};

/** One alert condition that holds now; `dependsOn` names the device whose root alert it attaches to. */
export type Condition = {
  deviceId: string;
  code: AlertCode;
  details: Record<string, number | string>;
  dependsOn?: string;
  /** When the condition began (real ms), where the facts tell; else it begins when first seen. */
  since?: number;
};

const isEdgeKind = (kind: DeviceKind) => kind === 'firewall' || kind === '5g';
const isUp = (status: DeviceStatus) => status === 'online' || status === 'onbackup';
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Codes an edge device's outage may be the root of: the devices behind it attach to it. */
export const ROOT_CAUSE_CODES: readonly AlertCode[] = ['site_offline', 'reboot_too_long'];

/**
 * The speed of a device's time: SIM_SPEED for a simulated device; 1 for a real one, whose minutes are the
 * clock's whatever the simulator's speed (at SIM_SPEED 20, 15 silent seconds are not 5 silent minutes).
 */
export function deviceSpeed(driver: DeviceDriver, speed: number): number {
  return driver === 'simulator' ? speed : 1;
}

/**
 * The conditions that hold for a device at `now`. Thresholds are the device's time (`deviceSpeed`): for a
 * simulated device `speed` (SIM_SPEED) fleet ms pass per real ms, so a simulated fleet at speed 60 reboots
 * "too long" after 10 simulated minutes; a real device's durations are real. How long a condition has lasted
 * (`minutes`) is the clock's, for every device: people read it next to the alert's wall-clock times.
 */
export function conditionsOf(f: DeviceFacts, now: number, fleetSpeed = 1): Condition[] {
  const t = ALERT_THRESHOLDS;
  const speed = deviceSpeed(f.driver, fleetSpeed);
  /** Fleet ms since a real time (0 when unknown). */
  const since = (at: number | null) => (at === null ? 0 : (now - at) * speed);
  const minutes = (at: number | null) => (at === null ? 0 : Math.floor(Math.max(0, now - at) / MINUTE));
  const out: Condition[] = [];
  const add = (code: AlertCode, details: Condition['details'], began?: number | null, dependsOn?: string) =>
    out.push({
      deviceId: f.deviceId,
      code,
      details,
      ...(dependsOn ? { dependsOn } : {}),
      ...(began != null ? { since: began } : {}),
    });
  /** A real time plus a duration of the fleet's time. */
  const after = (at: number | null, fleetMs: number) => (at === null ? null : at + fleetMs / speed);
  const edge = isEdgeKind(f.kind);

  if (f.status === 'offline') {
    if (edge) add('site_offline', { minutes: minutes(f.statusSince) }, f.statusSince);
    // Behind a down edge device, an access point or switch cannot report: a dependent of the edge's alert.
    else if (f.edge && !isUp(f.edge.status))
      add('device_offline', { minutes: minutes(f.statusSince) }, f.statusSince, f.edge.deviceId);
    else add('device_offline', { minutes: minutes(f.statusSince) }, f.statusSince);
  }
  /** A status held past its limit (fleet ms): the alert begins when the limit was passed. */
  const heldTooLong = (code: AlertCode, held: boolean, limit: number) => {
    if (held && f.statusSince !== null && since(f.statusSince) > limit)
      add(code, { minutes: minutes(f.statusSince) }, after(f.statusSince, limit));
  };
  heldTooLong('reboot_too_long', f.status === 'rebooting', t.rebootTooLongMinutes * MINUTE);
  heldTooLong('pending_too_long', f.status === 'pending' || f.status === 'error', t.pendingTooLongDays * DAY);
  if (f.status === 'onbackup' && edge) add('on_backup', { minutes: minutes(f.statusSince) }, f.statusSince);

  if (isUp(f.status)) {
    // Spec part 4: cloud "Connected when last update is under 5 minutes old".
    if (f.lastUpdate !== null && since(f.lastUpdate) >= t.cloudDisconnectedMinutes * MINUTE)
      add(
        'cloud_disconnected',
        { minutes: minutes(f.lastUpdate) },
        after(f.lastUpdate, t.cloudDisconnectedMinutes * MINUTE),
      );
    if (f.signal && f.signal.length > 0) {
      const bars = deviceSignalBars(f.signal);
      if (bars <= t.weakSignalBars) add('weak_signal', { bars });
    }
    const wan = f.wan;
    if (edge && wan && wan.samples >= t.wanSamples) {
      if (wan.ping !== null && wan.ping > t.latencyMs) add('high_latency', { ms: round1(wan.ping) });
      if (wan.jitter !== null && wan.jitter > t.jitterMs) add('high_jitter', { ms: round1(wan.jitter) });
      if (wan.loss !== null && wan.loss > t.lossPercent) add('packet_loss', { percent: round1(wan.loss) });
    }
  }
  if (f.disabledPorts.length > 0)
    add('lan_port_disabled', { ports: [...f.disabledPorts].sort((a, b) => a - b).join(', ') });
  return out;
}

/**
 * Regional incidents: the site-offline alerts of one region that began within the window of each other
 * form an incident once there are enough of them. Given the region's active site-offline roots (raised
 * times, ms), answers whether they make an incident: at least `regionalSites` raised within
 * `regionalWindowMinutes` of one another.
 */
export function isRegionalOutage(raisedAt: readonly number[], speed = 1): boolean {
  return regionalOutageStart(raisedAt, speed) !== null;
}

/** When the region's first incident began: the earliest raise of the first qualifying cluster, or null. */
export function regionalOutageStart(raisedAt: readonly number[], speed = 1): number | null {
  const t = ALERT_THRESHOLDS;
  const times = [...raisedAt].sort((a, b) => a - b);
  const window = (t.regionalWindowMinutes * MINUTE) / speed;
  for (let i = 0, j = 0; j < times.length; j++) {
    while ((times[j] as number) - (times[i] as number) > window) i++;
    if (j - i + 1 >= t.regionalSites) return times[i] as number;
  }
  return null;
}
