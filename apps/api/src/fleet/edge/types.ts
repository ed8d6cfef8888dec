/**
 * The device edge's seam (docs/device-protocol.md): every driver — the MQTT gateway (vNOC's agent and the
 * simulator's devices), the OpenWISP HTTP path, later SNMP — hands what a device said to one `DeviceIngest`, which
 * validates it (the contracts' zod schemas), stores it and moves the device's status, alerts and live events.
 */

/** Which way a report came in (stored with the device's telemetry). */
export type ReportSource = 'agent' | 'openwisp';

export type IngestOutcome =
  /** Stored; `current`: it is the device's newest report (it moved the status); `history`: an older, buffered one. */
  | { ok: true; stored: 'current' | 'history' }
  /** Nothing stored: the body is not a valid report (`message` says why, for the 400 and the log). */
  | { ok: false; reason: 'malformed'; message: string }
  /** Nothing stored: no such device, or it does not report this way. */
  | { ok: false; reason: 'unknown-device'; message: string }
  /**
   * Nothing stored: the device's secret was revoked, or rotated and not yet proved by a new connection, so this
   * came from a connection an external broker kept open (fleet/edge/credentials.ts, `credentialRefused`).
   */
  | { ok: false; reason: 'revoked'; message: string };

export type DeviceIngest = {
  /**
   * A report from a device whose credentials were checked. `body` is the parsed JSON, or the message as it came
   * (a string or bytes: parsed here, so JSON that does not parse is counted as malformed too); not yet validated.
   * `sampledAt` (ms) is when the device took it (OpenWISP's `time`, or `vnoc.sampledAt`); default `receivedAt`.
   * `current: false`: a buffered sample the device replays (OpenWISP's backlog without `current=true`): history
   * only, it never moves the status.
   */
  report: (
    deviceId: string,
    body: unknown,
    options: { source: ReportSource; receivedAt: number; sampledAt?: number; current?: boolean },
  ) => Promise<IngestOutcome>;
  /** The device says it is connected (its `state` topic); refused like a report when its secret is (see above). */
  online: (deviceId: string, at: number, session?: number) => Promise<void>;
  /**
   * The device is gone (its last will, the broker saw it drop, or its driver says it went down). Taken also from a
   * device whose secret was revoked or rotated: it can only say the device is down, which a device cut off is.
   */
  gone: (deviceId: string, at: number, session?: number) => Promise<void>;
  /** The device says it is restarting: `rebooting` until its next report or `online` (offline once silent past the heartbeat timeout). */
  rebooting: (deviceId: string, at: number, session?: number) => Promise<void>;
  /**
   * Whether the device's messages are refused now (its secret revoked, or rotated and not proved since); a refusal
   * is counted and logged. For what the ingest does not store itself (a command's result).
   */
  refuses: (deviceId: string, source: ReportSource) => Promise<boolean>;
  /** Devices that report for real and have been silent past the heartbeat timeout go offline; answers how many. */
  sweep: (now: number) => Promise<number>;
  /** Settles once no report is being stored (a stop waits for it before the pool closes). */
  idle: () => Promise<void>;
  /** Malformed messages counted per device since start (logged as they come). */
  malformedCount: (deviceId: string) => number;
  /** Messages refused per device since start because its secret was revoked or rotated (logged as they come). */
  refusedCount: (deviceId: string) => number;
};

/** The live device connections of this process (the embedded broker), once it runs. */
export type DeviceConnections = {
  /** Ends the device's connections at once (its secret was revoked or rotated). */
  disconnect: (deviceId: string) => void;
};

/** What the API's routes use of the device edge (AppContext `edge`). */
export type DeviceEdgeContext = {
  ingest: DeviceIngest;
  /** Ends a device's live connections; a no-op where no broker runs in this process. */
  disconnect: (deviceId: string) => void;
  /** main.ts attaches the broker once it runs. */
  attachConnections: (connections: DeviceConnections) => void;
};
