import { createHash } from 'node:crypto';
import compress from '@fastify/compress';
import type { ErrorBody } from '@vnoc/contracts';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { createLiveAnswers } from './answers/live-answers.ts';
import { createSharedAnswers } from './answers/shared-answers.ts';
import { audit } from './auth/audit.ts';
import { createSeedBox } from './auth/seed-box.ts';
import { createTokenService } from './auth/tokens.ts';
import type { AppContext } from './context.ts';
import { createDelivery } from './delivery/index.ts';
import { AppError, Errors, type FieldProblem, MESSAGES } from './errors.ts';
import { createEventBus, type EventBus, jobEventPublisher } from './events/index.ts';
import { createDeviceEdge } from './fleet/edge/edge-context.ts';
import { createSimulatorControl, type SimulatorControl } from './fleet/gateway/control.ts';
import { createJobEngine, type JobEngine } from './fleet/jobs/index.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { purgeExpired } from './modules/accounts/service-security.ts';
import { expirePendingRegistrations } from './modules/accounts/service-sign-in.ts';
import { activityRoutes } from './modules/activity/routes.ts';
import { alertRoutes } from './modules/alerts/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { apiKeyRoutes } from './modules/api-keys/routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { dashboardRoutes } from './modules/dashboards/routes.ts';
import { devOutboxRoutes } from './modules/dev-outbox/routes.ts';
import { devSimulatorRoutes } from './modules/dev-simulator/routes.ts';
import { brokerRoutes } from './modules/device-edge/routes-broker.ts';
import { openwispRoutes } from './modules/device-edge/routes-openwisp.ts';
import { speedtestRoutes } from './modules/device-edge/routes-speedtest.ts';
import { deviceRoutes } from './modules/devices/routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import type { StreamTimings } from './modules/events/stream.ts';
import { feedbackRoutes } from './modules/feedback/routes.ts';
import { groupRoutes } from './modules/groups/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { maintenanceRoutes } from './modules/maintenance/routes.ts';
import { mapRoutes } from './modules/map/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { deleteExpiredDomainCodes } from './modules/organizations/repository.ts';
import { organizationRoutes } from './modules/organizations/routes.ts';
import { productAnalyticsRoutes } from './modules/product-analytics/routes.ts';
import { provisioningRoutes } from './modules/provisioning/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { createReportScheduler } from './modules/reports/scheduler.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { siteRoutes } from './modules/sites/routes.ts';
import { createProviderOrigins, registerSso } from './modules/sso/index.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { ticketRoutes } from './modules/tickets/routes.ts';
import { timelineRoutes } from './modules/timeline/routes.ts';
import { troubleshootingRoutes } from './modules/troubleshooting/routes.ts';
import { createWebhookSender, webhookRoutes } from './modules/webhooks/index.ts';
import { createOutbound, type Outbound } from './net/outbound.ts';
import { createNotificationDispatcher } from './notifications/dispatcher.ts';
import { registerAuth } from './plugins/auth.ts';
import type { Config } from './plugins/config.ts';
import { type Db, isAcquireTimeout, isStatementTimeout } from './plugins/db.ts';
import { errSerializer, reqSerializer } from './plugins/log-redaction.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createRateLimiter, createRedisRateLimiter } from './plugins/rate-limit.ts';
import { compiledSerializer } from './plugins/serializer.ts';
import { registerStatic } from './plugins/static.ts';

export type BuildAppOptions = {
  config: Config;
  db: Db;
  /** Fastify logger options; defaults to pino at config.logLevel with secrets redacted. */
  logger?: FastifyServerOptions['logger'];
  /** A ready pino instance (main.ts creates one before the database starts). */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** The job engine; main.ts starts its worker once the fleet driver runs. Default: a queue on `db`. */
  jobs?: JobEngine;
  /** The live event bus; main.ts creates it (and closes it after the app). Default: one from config, closed with the app. */
  events?: EventBus;
  /** Heartbeat and scope-refresh intervals of the event streams (tests shorten them). */
  streamTimings?: StreamTimings;
  /** The clock (tests move it); default the real one. */
  now?: () => Date;
  /** The running simulator (main.ts attaches its gateway once it runs); default: none attached. */
  simulator?: SimulatorControl;
  /** Requests to addresses others chose; default: the SSRF guard as the configuration sets it. */
  outbound?: Outbound;
  /** Webhooks' requests (tests answer their own names); default: the SSRF guard as the configuration sets it. */
  webhookOutbound?: Outbound;
};

export const BODY_LIMIT = 1024 * 1024;
/** A webhook destination answers within 10 s; only its first bytes are kept. */
const WEBHOOK_TIMEOUT_MS = 10_000;
const WEBHOOK_MAX_BYTES = 64 * 1024;
const HOUSEKEEPING_MS = 10 * 60_000;

/**
 * Requests that are not acts, so a support session's are not logged as changes: product analytics (page views,
 * tracked as the spec says), the seen-alerts mark and the last visited site (both written by viewing a page),
 * and the address look-ups of a site form.
 */
const NOT_ACTS: ReadonlySet<string> = new Set([
  '/api/mp/track',
  '/api/userProfile/updateLastSeenAlert',
  '/api/site/:id/user/:userId',
  '/api/site/verifyAddress',
  '/api/site/geocode',
]);

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    // URLs without secret query values; errors without a failed statement's parameters (issue 11).
    serializers: { req: reqSerializer, err: errSerializer },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers.authorization',
        'body.password',
        'body.code',
        'body.totp',
        'body.accessCode',
        'req.body.password',
        'req.body.code',
        'req.body.totp',
        'req.body.accessCode',
        '*.password',
        '*.totp',
        '*.accessCode',
        'password',
        'code',
        'totp',
        'accessCode',
      ],
      censor: '[redacted]',
    },
  };
}

function validationProblems(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
) {
  return error.validation.map(
    (v): FieldProblem => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? ''),
      message: v.message ?? 'Invalid value.',
    }),
  );
}

/** Where a NUL character (U+0000) is in a request's parsed input, as a field path; PostgreSQL cannot store one. */
export function nulCharacterAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [name, item] of Object.entries(value)) {
    if (name.includes('\u0000')) return path ? `${path}.${name}` : name;
    const found = nulCharacterAt(item, path ? `${path}.${name}` : name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The one error handler: every failure becomes ErrorBodySchema; nothing internal leaks. */
function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { id: 'internal', message: MESSAGES.internal };
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { id: error.id, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationProblems(error);
      const policyOnly = errors.every((e) => e.message === MESSAGES.passwordPolicy);
      status = 400;
      body = {
        id: policyOnly ? 'password_policy' : 'invalid_input',
        message: errors[0]?.message ?? 'Invalid input.',
        errors,
      };
    } else if (isAcquireTimeout(error) || isStatementTimeout(error)) {
      // Every connection busy past ACQUIRE_TIMEOUT_MS, or a statement past its limit: fail fast and say so.
      request.log.warn({ err: error }, 'database busy');
      status = 503;
      body = { id: 'busy', message: MESSAGES.busy };
      reply.header('retry-after', '5');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals (malformed JSON, body too large, unsupported media type): their text is safe.
      status = error.statusCode;
      body = {
        id: status === 404 ? 'not_found' : 'invalid_input',
        message: error.message,
        errors: [{ path: '', message: error.message }],
      };
    } else {
      request.log.error({ err: error }, 'request failed');
    }
    reply.code(status).send(body);
  });
}

/** The real time, the app's clock unless a test gives its own. */
const wallClock = () => new Date();

export async function buildApp({
  config,
  db,
  logger,
  loggerInstance,
  jobs,
  events,
  streamTimings,
  now = wallClock,
  simulator,
  outbound,
  webhookOutbound,
}: BuildAppOptions): Promise<FastifyInstance> {
  if (!config.jwtSecret) throw new Error('buildApp needs config.jwtSecret (resolveJwtSecret provides it)');
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: logger ?? loggerOptions(config) }),
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Text with a NUL character passes the schemas but no PostgreSQL text column takes it: refused for every route.
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = nulCharacterAt(part);
      if (path !== undefined)
        throw Errors.invalidInput('Text cannot contain the NUL character (U+0000).', path);
    }
  });
  app.setSerializerCompiler(compiledSerializer);

  const bus = events ?? createEventBus(config, app.log);
  if (!events) app.addHook('onClose', () => bus.close());
  const deliver = createDelivery(config, db, app.log);
  // Counted in Redis when there is one, so every process of a deployment shares the limits. Windows in memory
  // run on the process's monotonic clock, or on a test's clock (moved on instead of waiting a minute), which the
  // limiter never lets run backwards.
  const clock = now === wallClock ? () => performance.now() : () => now().getTime();
  const limiter = config.redisUrl
    ? createRedisRateLimiter(config.redisUrl, app.log, { now: clock })
    : createRateLimiter(clock);
  app.addHook('onClose', () => limiter.close());
  // Sends the queued notifications; main.ts starts it, and it stops before the pool closes.
  const notifications = createNotificationDispatcher({ db, deliver, log: app.log, now });
  app.decorate('notifications', notifications);
  app.addHook('onClose', () => notifications.stop());
  // Real devices' reports (MQTT, OpenWISP): main.ts attaches the alert engine and the broker once they run.
  const edge = createDeviceEdge({
    db,
    log: app.log,
    publish: (organizationId, event) => bus.publish(organizationId, event),
    heartbeatTimeoutMs: config.deviceHeartbeatTimeoutMs,
  });
  app.decorate('edge', edge);
  const ctx: AppContext = {
    config,
    db,
    tokens: createTokenService(config.jwtSecret),
    deliver,
    log: app.log,
    codeKey: createHash('sha256').update(`codes:${config.jwtSecret}`).digest('hex'),
    seeds: createSeedBox(config.jwtSecret),
    limiter,
    jobs: jobs ?? createJobEngine({ db, log: app.log, onChange: jobEventPublisher(db, bus, app.log) }),
    events: bus,
    notifications,
    now,
    simulator: simulator ?? createSimulatorControl(config.simSpeed),
    sharedAnswers: createSharedAnswers(),
    liveAnswers: createLiveAnswers(bus),
    outbound: outbound ?? createOutbound({ allowHttp: config.outbound.allowHttp }),
    webhookOutbound:
      webhookOutbound ??
      createOutbound({ ...config.outbound, timeoutMs: WEBHOOK_TIMEOUT_MS, maxBytes: WEBHOOK_MAX_BYTES }),
    edge,
  };
  app.addHook('onClose', async () => ctx.liveAnswers.close());
  // Sends the scheduled reports; main.ts starts it, and it stops before the pool closes.
  const reportScheduler = createReportScheduler(ctx);
  app.decorate('reports', reportScheduler);
  app.addHook('onClose', () => reportScheduler.stop());
  // Queues webhook deliveries from the bus at once; main.ts starts its sender, which stops before the pool closes.
  const webhookSender = createWebhookSender(ctx);
  app.decorate('webhooks', webhookSender);
  app.addHook('onClose', () => webhookSender.stop());

  const providerOrigins = createProviderOrigins(app, ctx);
  // Built once: @fastify/helmet built the whole middleware again on every request (its directives parsed each
  // time: ~8 % of the server's CPU on the status counts under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Mantine injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        // The browser reads single sign-on providers' discovery documents and calls their token endpoints.
        connectSrc: ["'self'", () => providerOrigins.connectSources().join(' ')],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
  // Brotli (quality 4) or gzip for every text answer of 1 KB or more the client accepts, streams included
  // (CSV exports); server-sent events stay uncompressed. Registered before the static files, as it must be.
  // Answers up to 128 KB (a 200-row page) are compressed in one synchronous call (~0.3 ms for a 31 KB page
  // of alerts): on 2 cores the plugin's default (8 KB) sent them through the stream pipeline at 3× the CPU.
  await app.register(compress, { encodings: ['br', 'gzip'], syncThreshold: 128 * 1024 });
  await registerOpenApi(app, config);
  registerErrorHandler(app);
  registerAuth(app, ctx);

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      // The token travels in the Authorization response header; the browser may only read exposed ones.
      reply.header('access-control-expose-headers', 'Authorization');
      reply.header('cache-control', 'no-store');
    }
  });
  // onSend, not onResponse: the entry is written before the caller sees the answer.
  app.addHook('onSend', async (request, reply, payload) => {
    const auth = request.auth;
    if (!(auth?.impersonator || auth?.apiKey) || request.method === 'GET') return payload;
    // Page views and look-ups change nothing of the customer's: they are not acts for the log (issue 37).
    if (NOT_ACTS.has(request.routeOptions.url ?? '')) return payload;
    // The service logged the act itself, naming the support person: one row per act (issue 37).
    if (request.supportActRecorded) return payload;
    // Every other change made under impersonation (or refused) is attributed to the support person too; one
    // made with an API key (issue 38), to the key.
    await audit(db, {
      action: auth.impersonator ? 'impersonated.request' : 'apiKey.request',
      user: auth.user,
      impersonatorId: auth.impersonator?.id ?? null,
      detail: { method: request.method, route: request.routeOptions.url, status: reply.statusCode },
      meta: { ip: request.ip, apiKeyId: auth.apiKey?.id ?? null },
    }).catch((err: unknown) => request.log.error({ err }, 'audit failed'));
    return payload;
  });

  // Revocations, failure rows and domain codes are only needed until they expire; keep the tables small.
  // Registrations nobody approved in time are removed.
  const housekeeping = setInterval(() => {
    purgeExpired(db).catch((err: unknown) => app.log.warn({ err }, 'housekeeping failed'));
    deleteExpiredDomainCodes(db, now()).catch((err: unknown) =>
      app.log.warn({ err }, 'housekeeping of domain codes failed'),
    );
    expirePendingRegistrations(db, now()).catch((err: unknown) =>
      app.log.warn({ err }, 'housekeeping of pending registrations failed'),
    );
  }, HOUSEKEEPING_MS).unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));

  healthRoutes(app, ctx);
  accountRoutes(app, ctx);
  organizationRoutes(app, ctx);
  activityRoutes(app, ctx);
  apiKeyRoutes(app, ctx);
  siteRoutes(app, ctx);
  mapRoutes(app, ctx);
  deviceRoutes(app, ctx);
  openwispRoutes(app, ctx);
  groupRoutes(app, ctx);
  analyticsRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  troubleshootingRoutes(app, ctx);
  ticketRoutes(app, ctx);
  alertRoutes(app, ctx);
  timelineRoutes(app, ctx);
  searchRoutes(app, ctx);
  maintenanceRoutes(app, ctx);
  webhookRoutes(app, ctx);
  eventRoutes(app, ctx, streamTimings);
  notificationRoutes(app, ctx);
  reportRoutes(app, ctx);
  supportRoutes(app, ctx);
  provisioningRoutes(app, ctx);
  chatRoutes(app, ctx);
  feedbackRoutes(app, ctx);
  productAnalyticsRoutes(app, ctx);
  speedtestRoutes(app, ctx);
  brokerRoutes(app, ctx);
  await registerSso(app, ctx);
  if (config.delivery === 'outbox') devOutboxRoutes(app, ctx);
  if (config.delivery === 'outbox' && config.simulator) devSimulatorRoutes(app, ctx);

  await registerStatic(app, config.webDist);
  return app;
}
