import { z } from 'zod';
import {
  type DiagnosticAction,
  HOST_OR_IP_MESSAGE,
  isHostOrIp,
  JOB_STATES,
  MAX_PORTS,
  MAX_REVERT_MINUTES,
} from './diagnostic-constants.ts';
import { countsSchema } from './fields.ts';
import { DeviceSummarySchema, DiagnosticActionSchema } from './fleet.ts';

/**
 * Remote troubleshooting (issue 4; spec part 7 Devices, docs/decisions/fleet.md): the
 * actions, their requests, their results and the job that carries them.
 */

// ---- requests ----

/** Spec part 5: the host or IP field accepts an IPv4 dotted quad or a host name. */
export const HostOrIpSchema = z
  .string({ error: HOST_OR_IP_MESSAGE })
  .trim()
  .refine(isHostOrIp, { error: HOST_OR_IP_MESSAGE });
export type HostOrIp = z.infer<typeof HostOrIpSchema>;

const VlanIdSchema = z.number({ error: 'Choose a VLAN.' }).int({ error: 'Choose a VLAN.' });

/** POST device/troubleshooting/speedtest/{id}. */
export const SpeedTestRequestSchema = z.object({ vlan: VlanIdSchema });
export type SpeedTestRequest = z.infer<typeof SpeedTestRequestSchema>;

/** POST device/troubleshooting/traceroute/{id}. */
export const TracerouteRequestSchema = z.object({ vlan: VlanIdSchema, ip: HostOrIpSchema });
export type TracerouteRequest = z.infer<typeof TracerouteRequestSchema>;

const REVERT_MINUTES_MESSAGE = `Turn the ports back on after at most ${MAX_REVERT_MINUTES} minutes.`;
const PORT_MESSAGE = `Ports are numbered 1 to ${MAX_PORTS}.`;

/** POST device/troubleshooting/disableLanPorts/{id}: port system numbers on the 16-port map. */
export const DisableLanPortsRequestSchema = z.object({
  ports: z
    .array(
      z
        .number({ error: PORT_MESSAGE })
        .int({ error: PORT_MESSAGE })
        .min(1, PORT_MESSAGE)
        .max(MAX_PORTS, PORT_MESSAGE),
      {
        error: 'Choose at least one port.',
      },
    )
    .min(1, { error: 'Choose at least one port.' })
    .max(MAX_PORTS, { error: `Choose at most ${MAX_PORTS} ports.` })
    .refine((ports) => new Set(ports).size === ports.length, { error: 'Each port may be chosen once.' }),
  /**
   * A device that reports for real turns the ports back on by itself after this many minutes unless the console
   * keeps them off (`confirmLanPorts`); default 5. A simulated device keeps them off until they are reverted.
   * The console offers whole minutes; a fraction (0.5: 30 s) is allowed for scripts and tests.
   */
  revertAfterMinutes: z
    .number({ error: REVERT_MINUTES_MESSAGE })
    .positive({ error: REVERT_MINUTES_MESSAGE })
    .max(MAX_REVERT_MINUTES, REVERT_MINUTES_MESSAGE)
    .optional(),
});
export type DisableLanPortsRequest = z.infer<typeof DisableLanPortsRequestSchema>;

/** Actions without inputs take an empty body (or none). */
export const EmptyActionRequestSchema = z.object({});

/**
 * A troubleshooting call's body: the action's inputs and, to run the action on several devices at
 * once, the batch (a UUID the console chose) this device's job joins. The console calls the action
 * once per device with the same `batchId`, then follows them all with POST future/multi/{uuid}.
 */
export const BatchRefSchema = z.object({
  batchId: z.uuid({ error: 'The batch id must be a UUID.' }).optional(),
});
export const ACTION_CALL_SCHEMAS = {
  reboot: EmptyActionRequestSchema.extend(BatchRefSchema.shape),
  wantest: EmptyActionRequestSchema.extend(BatchRefSchema.shape),
  lanpingtest: EmptyActionRequestSchema.extend(BatchRefSchema.shape),
  systemTest: EmptyActionRequestSchema.extend(BatchRefSchema.shape),
  speedtest: SpeedTestRequestSchema.extend(BatchRefSchema.shape),
  traceroute: TracerouteRequestSchema.extend(BatchRefSchema.shape),
  disableLanPorts: DisableLanPortsRequestSchema.extend(BatchRefSchema.shape),
  revertLanPorts: EmptyActionRequestSchema.extend(BatchRefSchema.shape),
} as const satisfies Record<DiagnosticAction, z.ZodType>;
export type ActionCallMap = { [A in DiagnosticAction]: z.infer<(typeof ACTION_CALL_SCHEMAS)[A]> };

/** Refusals of a troubleshooting call (409): the same action is still running on the device. */
export const ACTION_CONFLICT_MESSAGES = {
  alreadyRebooting: 'The device is already rebooting.',
  alreadyRunning: 'This action is already running on this device.',
  batchAction: 'This batch runs another action.',
  batchFull: 'A batch runs on at most 500 devices.',
} as const;

// ---- results ----

const ms = z.number().nonnegative();
const iso = z.string();

/** WAN latency test: per target, times in ms and loss in %. */
export const WanTestResultSchema = z.object({
  /** The link the probes went out on: the primary WAN, or the LTE backup. */
  link: z.enum(['primary', 'backup']),
  targets: z.array(
    z.object({
      target: z.string(),
      /** What the target is, e.g. 'Google DNS', 'Provider gateway'. */
      name: z.string(),
      sent: z.number().int().positive(),
      min: ms,
      avg: ms,
      max: ms,
      jitter: ms,
      loss: z.number().min(0).max(100),
    }),
  ),
});
export type WanTestResult = z.infer<typeof WanTestResultSchema>;

/** LAN ping: per host on the device's VLANs; `avgMs` null when no reply came back. */
export const LanPingResultSchema = z.object({
  hosts: z.array(
    z.object({
      host: z.string(),
      ip: z.string(),
      vlan: z.number().int(),
      sent: z.number().int().positive(),
      received: z.number().int().nonnegative(),
      avgMs: ms.nullable(),
    }),
  ),
});
export type LanPingResult = z.infer<typeof LanPingResultSchema>;

export const SystemTestResultSchema = z.object({
  cpuPercent: z.number().min(0).max(100),
  memoryPercent: z.number().min(0).max(100),
  sessions: z.number().int().nonnegative(),
  temperatureC: z.number(),
  uptimeSeconds: z.number().int().nonnegative(),
});
export type SystemTestResult = z.infer<typeof SystemTestResultSchema>;

export const SpeedTestResultSchema = z.object({
  vlan: z.number().int(),
  link: z.enum(['primary', 'backup']),
  downloadKbps: z.number().int().nonnegative(),
  uploadKbps: z.number().int().nonnegative(),
  latencyMs: ms,
});
export type SpeedTestResult = z.infer<typeof SpeedTestResultSchema>;

/**
 * Traceroute: hops in order. A hop that answered without a name has a null host; one that did not answer
 * has null host and ip, and null times ('*').
 */
export const TracerouteResultSchema = z.object({
  target: z.string(),
  vlan: z.number().int(),
  hops: z.array(
    z.object({
      hop: z.number().int().positive(),
      host: z.string().nullable(),
      ip: z.string().nullable(),
      ms: z.array(ms.nullable()),
    }),
  ),
});
export type TracerouteResult = z.infer<typeof TracerouteResultSchema>;

/** The reboot was accepted at `rebootedAt`; the device should report again at `expectedBackAt`. */
export const RebootResultSchema = z.object({ rebootedAt: iso, expectedBackAt: iso });
export type RebootResult = z.infer<typeof RebootResultSchema>;

/** The LAN ports' states after a port action. */
export const PortsResultSchema = z.object({
  ports: z.array(z.object({ systemNumber: z.number().int(), enabled: z.boolean() })),
  /**
   * A device that reports for real turns disabled ports back on by itself at this time unless the console
   * confirms them (docs/device-protocol.md, `confirmLanPorts`); absent: they stay off until reverted.
   */
  revertAt: iso.optional(),
});
export type PortsResult = z.infer<typeof PortsResultSchema>;

/** Each action's request body and result. */
export const ACTION_SCHEMAS = {
  reboot: { request: EmptyActionRequestSchema, result: RebootResultSchema },
  wantest: { request: EmptyActionRequestSchema, result: WanTestResultSchema },
  lanpingtest: { request: EmptyActionRequestSchema, result: LanPingResultSchema },
  systemTest: { request: EmptyActionRequestSchema, result: SystemTestResultSchema },
  speedtest: { request: SpeedTestRequestSchema, result: SpeedTestResultSchema },
  traceroute: { request: TracerouteRequestSchema, result: TracerouteResultSchema },
  disableLanPorts: { request: DisableLanPortsRequestSchema, result: PortsResultSchema },
  revertLanPorts: { request: EmptyActionRequestSchema, result: PortsResultSchema },
} as const satisfies Record<DiagnosticAction, { request: z.ZodObject; result: z.ZodType }>;
export type ActionRequestMap = { [A in DiagnosticAction]: z.infer<(typeof ACTION_SCHEMAS)[A]['request']> };
export type ActionResultMap = { [A in DiagnosticAction]: z.infer<(typeof ACTION_SCHEMAS)[A]['result']> };
export type DiagnosticResult = ActionResultMap[DiagnosticAction];

// ---- jobs ----

export const JobStateSchema = z.enum(JOB_STATES);

const jobBase = {
  id: z.string(),
  deviceId: z.string(),
  /** The batch the job belongs to, when the action ran on several devices at once. */
  batchId: z.string().nullable(),
  state: JobStateSchema,
  /** The reason a failed job failed, readable as is. */
  error: z.string().nullable(),
  requestedBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: iso,
  startedAt: iso.nullable(),
  finishedAt: iso.nullable(),
};

function jobOf<A extends DiagnosticAction>(action: A) {
  return z.object({
    ...jobBase,
    action: z.literal(action),
    /** The request's inputs (VLAN, host, ports), shown in the run history. */
    params: ACTION_SCHEMAS[action].request as (typeof ACTION_SCHEMAS)[A]['request'],
    // z.nullable (not .nullable()) keeps each action's own result type in the union.
    result: z.nullable(ACTION_SCHEMAS[action].result as (typeof ACTION_SCHEMAS)[A]['result']),
  });
}

/** A troubleshooting job (POST device/troubleshooting/future/{id}); `result` is set once it succeeded. */
export const JobSchema = z.discriminatedUnion('action', [
  jobOf('reboot'),
  jobOf('wantest'),
  jobOf('lanpingtest'),
  jobOf('systemTest'),
  jobOf('speedtest'),
  jobOf('traceroute'),
  jobOf('disableLanPorts'),
  jobOf('revertLanPorts'),
  z.object({
    ...jobBase,
    action: z.literal('confirmLanPorts'),
    params: EmptyActionRequestSchema,
    /** The ports as the device keeps them: no `revertAt` any more. */
    result: z.nullable(PortsResultSchema),
  }),
]);
export type Job = z.infer<typeof JobSchema>;

export const BatchSummarySchema = countsSchema(['total', ...JOB_STATES]);
export type BatchSummary = z.infer<typeof BatchSummarySchema>;

/** A device of a batch, named as the console names it. */
export const BatchDeviceSchema = DeviceSummarySchema.pick({
  id: true,
  name: true,
  kind: true,
  macAddress: true,
  site: true,
});
export type BatchDevice = z.infer<typeof BatchDeviceSchema>;

/** One action run on several devices (POST/DELETE future/multi/{uuid}), with its devices in the caller's scope. */
export const BatchSchema = z.object({
  batchId: z.string(),
  action: DiagnosticActionSchema,
  jobs: z.array(JobSchema),
  devices: z.array(BatchDeviceSchema),
  summary: BatchSummarySchema,
});
export type Batch = z.infer<typeof BatchSchema>;

/** GET device/troubleshooting/batches: the caller's latest batches, newest first, to reopen. */
export const RecentBatchSchema = z.object({
  batchId: z.string(),
  action: DiagnosticActionSchema,
  createdAt: z.string(),
  summary: BatchSummarySchema,
});
export type RecentBatch = z.infer<typeof RecentBatchSchema>;
