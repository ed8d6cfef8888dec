/**
 * The webhooks' background work: the one bus subscriber that queues a delivery per destination for each event it
 * takes (alerts and incidents, device status, finished diagnostics), and the sender that claims due deliveries,
 * signs them, posts them through the SSRF guard and retries with back-off for 24 hours. A destination failing for
 * 3 days is paused and its organization's administrators are emailed.
 *
 * Every process subscribes: with Redis each one sees every event, and the deliveries' dedup key keeps one row.
 */
import {
  ALERT_CODE_INFO,
  type AlertCode,
  type LiveEvent,
  WEBHOOK_RESPONSE_BYTES,
  type WebhookEvent,
  type WebhookPreset,
  type WebhookSettings,
} from '@vnoc/contracts';
import type { AppContext } from '../../context.ts';
import { consoleLinks } from '../../delivery/console-links.ts';
import type { LiveEnvelope } from '../../events/bus.ts';
import { OutboundError } from '../../net/outbound.ts';
import { languageOf } from '../../notifications/profile.ts';
import { consoleUrl } from '../../plugins/config.ts';
import { alertMessage, deviceStatusMessage, diagnosticMessage, ticketMessage } from './messages.ts';
import {
  type EventMessage,
  incidentAction,
  keepsRecords,
  presetRequest,
  serviceNowRecordId,
  type WebhookMessage,
} from './presets.ts';
import * as repo from './repository.ts';
import { signedHeaders } from './signing.ts';

/** Wait after the n-th failed try (1-based) before the next; the last one repeats until 24 h have passed. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000];
/** How long a delivery is retried, from when it was queued. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
/** A destination whose every try failed for this long is paused. */
export const PAUSE_AFTER_MS = 3 * 24 * 3_600_000;

/** When to try again after the `attempts`-th failed try of a delivery queued at `createdAt`; null: give up. */
export function retryAt(attempts: number, createdAt: Date, now: Date): Date | null {
  const delay =
    RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? (RETRY_DELAYS_MS.at(-1) as number);
  const next = new Date(now.getTime() + delay);
  return next.getTime() - createdAt.getTime() > RETRY_WINDOW_MS ? null : next;
}

/** The sealed settings of a destination (bound to its id). */
export function openSettings(ctx: AppContext, destinationId: string, sealed: string | null): WebhookSettings {
  if (!sealed) return {};
  const opened = ctx.seeds.open(destinationId, sealed);
  return opened ? (JSON.parse(opened) as WebhookSettings) : {};
}

export type SendResult = { ok: boolean; status: number | null; body: string | null; error: string | null };

/** Whether the tool's record of the subject is done with after this message (a device's outage over, an alert cleared). */
const recordEnds = (m: WebhookMessage) => incidentAction(m) === 'resolve' && m.data.subject.kind !== 'ticket';

/**
 * Signs and sends one message to a destination in its preset's format; never throws for the destination's faults.
 * A preset that keeps records (ServiceNow) updates the one it made for the message's subject, and remembers the
 * one a first message made.
 */
export async function post(
  ctx: AppContext,
  destination: { id: string; preset: string; url: string; settings: string | null },
  message: { id: string; body: WebhookMessage },
): Promise<SendResult> {
  const preset = destination.preset as WebhookPreset;
  const settings = openSettings(ctx, destination.id, destination.settings);
  const subject = message.body.data.subject;
  const recordKey = keepsRecords(preset) && subject.kind !== 'test' ? `${subject.kind}:${subject.id}` : null;
  const record = recordKey ? await repo.findRecord(ctx.db, destination.id, recordKey) : null;
  const request = presetRequest(preset, message.body, settings, destination.url, record);
  const secrets = (await repo.signingSecrets(ctx.db, destination.id, ctx.now()))
    .map((s) => ctx.seeds.open(destination.id, s))
    .filter((s): s is string => s !== null);
  const headers = {
    ...request.headers,
    'user-agent': 'vNOC-Webhooks/1',
    ...signedHeaders(secrets, { id: message.id, at: ctx.now(), body: request.body }),
  };
  try {
    const response = await ctx.webhookOutbound.request(request.url, {
      method: request.method,
      headers,
      body: request.body,
    });
    const answer = response.body.toString('utf8');
    const ok = response.status >= 200 && response.status < 300;
    if (ok && recordKey) {
      const made = record === null ? serviceNowRecordId(answer) : null;
      if (recordEnds(message.body)) await repo.forgetRecord(ctx.db, destination.id, recordKey);
      else if (made) await repo.keepRecord(ctx.db, destination.id, recordKey, made);
    }
    // The record is gone from the tool (deleted there): the next try makes a new one.
    if (recordKey && record !== null && response.status === 404)
      await repo.forgetRecord(ctx.db, destination.id, recordKey);
    return {
      ok,
      status: response.status,
      body: response.body.subarray(0, WEBHOOK_RESPONSE_BYTES).toString('utf8'),
      error: ok ? null : `The destination answered ${response.status}.`,
    };
  } catch (error) {
    if (error instanceof OutboundError) return { ok: false, status: null, body: null, error: error.message };
    throw error;
  }
}

// ---- queueing ----

type Queued = {
  event: WebhookEvent;
  dedupKey: string;
  orderKey: string;
  siteId: string | null;
  message: WebhookMessage;
};

/**
 * The deliveries of the message's event, in order per subject (the message's); one per transition, however many
 * processes saw the event: the key is the event, the subject and what tells this transition apart.
 */
function queued(message: EventMessage, siteId: string | null, ...transition: string[]): Queued {
  const { type: event } = message;
  const { kind, id } = message.data.subject;
  return {
    event,
    dedupKey: [event, id, ...transition].join(':'),
    orderKey: `${kind}:${id}`,
    siteId,
    message,
  };
}

/** What the event becomes for webhooks, if anything. */
async function webhookEventOf(
  ctx: AppContext,
  envelope: LiveEnvelope & { organizationId: string },
): Promise<Queued | undefined> {
  const { event, organizationId } = envelope;
  const links = consoleLinks(consoleUrl(ctx.config));
  switch (event.type) {
    case 'alert.raised':
    case 'alert.cleared':
    case 'alert.updated': {
      const alert = await repo.alertFacts(ctx.db, organizationId, event.alertId);
      if (!alert) return undefined;
      const perDevice = ALERT_CODE_INFO[alert.code as AlertCode]?.perDevice ?? true;
      let kind: Queued['event'];
      let when: Date | null;
      if (event.type === 'alert.raised')
        [kind, when] = [perDevice ? 'alert.raised' : 'incident.opened', alert.raised_at];
      else if (event.type === 'alert.cleared')
        [kind, when] = [perDevice ? 'alert.cleared' : 'incident.resolved', alert.cleared_at];
      else if (alert.acknowledged_at && alert.state === 'active')
        [kind, when] = ['alert.acknowledged', alert.acknowledged_at];
      else return undefined;
      const at = new Date(when ?? event.at);
      return queued(alertMessage(kind, alert, links, at), alert.site_id, at.toISOString());
    }
    case 'device.status': {
      const device = await repo.deviceFacts(ctx.db, organizationId, event.deviceId);
      if (!device) return undefined;
      return queued(deviceStatusMessage(device, event, links), device.site_id, event.at, event.to);
    }
    case 'job.updated': {
      if (event.state !== 'succeeded' && event.state !== 'failed') return undefined;
      const device = await repo.deviceFacts(ctx.db, organizationId, event.deviceId);
      if (!device) return undefined;
      return queued(diagnosticMessage(device, event, links), device.site_id);
    }
    case 'ticket.updated': {
      const ticket = await repo.ticketFacts(ctx.db, organizationId, event.ticketId);
      if (!ticket) return undefined;
      return queued(ticketMessage(ticket, event, links), ticket.site_id, event.status, event.at);
    }
    default:
      return undefined;
  }
}

/** Queues the event for every destination that takes it; answers how many deliveries were queued. */
export async function queueEvent(ctx: AppContext, envelope: LiveEnvelope): Promise<number> {
  const { organizationId } = envelope;
  if (!organizationId) return 0;
  const queued = await webhookEventOf(ctx, { ...envelope, organizationId });
  if (!queued) return 0;
  const destinations = await repo.destinationsFor(ctx.db, organizationId, queued.event, queued.siteId);
  const now = ctx.now();
  return repo.insertDeliveries(
    ctx.db,
    destinations.map((d) => ({
      organizationId,
      destinationId: d.id,
      event: queued.event,
      dedupKey: queued.dedupKey,
      orderKey: queued.orderKey,
      payload: queued.message as unknown as Record<string, unknown>,
      now,
    })),
  );
}

const LIVE_TYPES: ReadonlySet<LiveEvent['type']> = new Set([
  'alert.raised',
  'alert.cleared',
  'alert.updated',
  'device.status',
  'job.updated',
  'ticket.updated',
]);

export type WebhookSender = {
  /** Polls every `pollMs` until stopped. */
  start: () => void;
  wake: () => void;
  /** One round: claims due deliveries and sends them; answers how many were claimed. */
  runOnce: () => Promise<number>;
  /** Queues an event now (what the bus subscriber does), for tests and callers that hold the envelope. */
  queue: (envelope: LiveEnvelope) => Promise<number>;
  /** Waits until the events received so far are queued. */
  settled: () => Promise<void>;
  /** Forgets which organizations have destinations (one was created, changed or removed). */
  destinationsChanged: () => void;
  stop: () => Promise<void>;
};

/** The sender of each app: its bus subscriber caches which organizations have destinations, services tell it. */
const senders = new WeakMap<AppContext, WebhookSender>();
export const senderOf = (ctx: AppContext): WebhookSender | undefined => senders.get(ctx);

export type SenderOptions = { pollMs?: number; batch?: number; leaseMs?: number };

/** Subscribes to the bus and builds the sender (started by main.ts; tests run rounds themselves). */
export function createWebhookSender(ctx: AppContext, options: SenderOptions = {}): WebhookSender {
  const pollMs = options.pollMs ?? 2_000;
  const batch = options.batch ?? 10;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  // Which organizations have a destination: most have none, and their events need no look-up (refreshed every 10 s).
  let withDestinations: { orgs: Promise<Set<string>>; at: number } | undefined;
  const orgsWithDestinations = () => {
    const now = Date.now();
    if (!withDestinations || now - withDestinations.at > 10_000)
      withDestinations = { orgs: repo.organizationsWithDestinations(ctx.db), at: now };
    return withDestinations.orgs;
  };
  // One event after another, so one alert's transitions are queued in the order they happened.
  let chain: Promise<unknown> = Promise.resolve();
  const unsubscribe = ctx.events.subscribe((envelope) => {
    if (!envelope.organizationId || !LIVE_TYPES.has(envelope.event.type)) return;
    const organizationId = envelope.organizationId;
    chain = chain
      .then(async () => {
        if (!(await orgsWithDestinations()).has(organizationId)) return;
        if ((await queueEvent(ctx, envelope)) > 0) sender.wake();
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'queueing a webhook failed'));
  });

  async function send(d: repo.ClaimedDelivery): Promise<void> {
    const destination = { id: d.destination_id, preset: d.preset, url: d.url, settings: d.settings };
    const result = await post(ctx, destination, {
      id: d.id,
      body: d.payload as unknown as WebhookMessage,
    }).catch((error: unknown): SendResult => {
      ctx.log.error({ err: error, deliveryId: d.id }, 'a webhook delivery failed unexpectedly');
      return { ok: false, status: null, body: null, error: 'The delivery failed unexpectedly.' };
    });
    const now = ctx.now();
    if (result.ok) {
      await repo.markDelivered(ctx.db, d.id, d.attempts, result, now);
      return;
    }
    const failed = await repo.markFailed(
      ctx.db,
      d.id,
      d.attempts,
      result,
      retryAt(d.attempts, new Date(d.created_at), now),
      now,
    );
    if (!failed) return;
    const paused = await repo.pauseIfFailingSince(
      ctx.db,
      failed.destinationId,
      new Date(now.getTime() - PAUSE_AFTER_MS),
      now,
    );
    if (paused) {
      sender.destinationsChanged();
      await tellAdministrators(ctx, paused);
    }
  }

  async function roundOnce(): Promise<number> {
    const claimed = await repo.claimDue(ctx.db, { now: ctx.now(), leaseMs, limit: batch });
    await Promise.all(claimed.map(send));
    return claimed.length;
  }

  const sender: WebhookSender = {
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => sender.wake(), pollMs);
      timer.unref();
    },
    wake() {
      if (stopped) return;
      if (round) {
        again = true;
        return;
      }
      void sender.runOnce();
    },
    runOnce() {
      if (round) return round;
      const current = roundOnce()
        .catch((error: unknown) => {
          ctx.log.error({ err: error }, 'a webhook round failed');
          return 0;
        })
        .finally(() => {
          round = undefined;
          if (again && !stopped) {
            again = false;
            sender.wake();
          }
        });
      round = current;
      return current;
    },
    queue: (envelope) => queueEvent(ctx, envelope),
    settled: async () => {
      await chain;
    },
    destinationsChanged() {
      withDestinations = undefined;
    },
    async stop() {
      stopped = true;
      unsubscribe();
      clearInterval(timer);
      await chain;
      await round;
    },
  };
  senders.set(ctx, sender);
  return sender;
}

const PAUSED_TEXT = {
  en: (name: string, host: string, link: string) => ({
    subject: `Webhook paused: ${name}`,
    body: `vNOC could not deliver to the webhook "${name}" (${host}) for 3 days, so it is paused: no more events are sent to it.\n\nCheck the destination, then resume it in Administration → Webhooks:\n${link}`,
  }),
  es: (name: string, host: string, link: string) => ({
    subject: `Webhook en pausa: ${name}`,
    body: `vNOC no pudo entregar al webhook "${name}" (${host}) durante 3 días, así que quedó en pausa: ya no se le envían eventos.\n\nRevise el destino y reactívelo en Administración → Webhooks:\n${link}`,
  }),
};

/** Emails the organization's administrators, each in their language, that a destination was paused. */
async function tellAdministrators(
  ctx: AppContext,
  paused: { organization_id: string; name: string; url: string },
) {
  const link = `${consoleUrl(ctx.config)}/admin/webhooks`;
  const host = URL.canParse(paused.url) ? new URL(paused.url).host : paused.url;
  for (const admin of await repo.administrators(ctx.db, paused.organization_id)) {
    const text = PAUSED_TEXT[languageOf(admin.language)](paused.name, host, link);
    await ctx
      .deliver({ channel: 'email', to: admin.username, subject: text.subject, body: text.body })
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'webhook pause notice not delivered'));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's webhook sender (buildApp); main.ts starts it, app.close() stops it. */
    webhooks: WebhookSender;
  }
}
