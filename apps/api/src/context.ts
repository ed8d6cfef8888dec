import type { FastifyBaseLogger } from 'fastify';
import type { LiveAnswers } from './answers/live-answers.ts';
import type { SharedAnswers } from './answers/shared-answers.ts';
import type { SeedBox } from './auth/seed-box.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Deliver } from './delivery/index.ts';
import type { EventBus } from './events/bus.ts';
import type { DeviceEdge } from './fleet/edge/edge-context.ts';
import type { SimulatorControl } from './fleet/gateway/control.ts';
import type { JobEngine } from './fleet/jobs/index.ts';
import type { Outbound } from './net/outbound.ts';
import type { NotificationDispatcher } from './notifications/dispatcher.ts';
import type { Config } from './plugins/config.ts';
import type { Db } from './plugins/db.ts';
import type { RateLimiter } from './plugins/rate-limit.ts';

/** What services need, built once in buildApp. */
export type AppContext = {
  config: Config;
  db: Db;
  tokens: TokenService;
  deliver: Deliver;
  log: FastifyBaseLogger;
  /** Key for hashing verification codes at rest (derived from the JWT secret). */
  codeKey: string;
  /** Authenticator seeds at rest: sealed with a key derived from the JWT secret. */
  seeds: SeedBox;
  limiter: RateLimiter;
  /** The job queue (troubleshooting): routes enqueue and read; the worker runs where the driver runs. */
  jobs: JobEngine;
  /** The live event bus: producers publish, `GET /api/events` streams (in-process, or Redis across processes). */
  events: EventBus;
  /** The notification sender: services wake it after queueing messages; main.ts starts it. */
  notifications: NotificationDispatcher;
  /** The clock of rules tests move in time (e.g. the test-notification wait). */
  now: () => Date;
  /** The embedded demo's control over the running simulator (dev routes). */
  simulator: SimulatorControl;
  /** Analytics answers and report pages of organization-wide scopes, shared between the callers who see them (15 s). */
  sharedAnswers: SharedAnswers;
  /** Alert list pages and map views of organization-wide scopes, shared until the organization's alerts change (2 s at most). */
  liveAnswers: LiveAnswers;
  /** Requests to addresses others chose (identity providers): through the SSRF guard only. */
  outbound: Outbound;
  /** Webhooks' requests: the same guard, with loopback allowed only by WEBHOOKS_ALLOW_LOOPBACK (development). */
  webhookOutbound: Outbound;
  /** The device edge: the ingest real devices' reports go through, and their live connections. */
  edge: DeviceEdge;
};

/** Who is calling, for audit entries and per-address limits. */
export type RequestMeta = {
  ip: string;
  /** The support person acting as the caller (impersonation): every audit entry of the request names them. */
  impersonatorId?: string | null;
  /** The API key the call is made with (issue 38): every audit entry of the request names it. */
  apiKeyId?: string | null;
  /**
   * Told when an entry naming the support person (or the API key) is written: the request's act is then logged
   * once (issue 37).
   */
  recorded?: () => void;
};
