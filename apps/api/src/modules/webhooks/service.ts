/**
 * Webhook destinations of an organization (ADMINISTRATOR): registered, changed, removed, their secret rotated, a
 * test sent, their delivery log read and a delivery sent again. Every statement is scoped to the caller's
 * organization; another organization's destination reads as missing.
 */
import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_TESTS_PER_MINUTE,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookRotate,
  type WebhookSettings,
  type WebhookTestResult,
  type WebhookUpdate,
  type WebhookWithSecret,
} from '@vnoc/contracts';
import { actorOf, audit } from '../../auth/audit.ts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import { OutboundError } from '../../net/outbound.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { consoleUrl } from '../../plugins/config.ts';
import { isUuid } from '../../sql/text.ts';
import { testMessage } from './messages.ts';
import { presentDelivery, presentWebhook } from './present.ts';
import * as repo from './repository.ts';
import { openSettings, post, senderOf } from './sender.ts';
import { newSecret } from './signing.ts';

const changed = (ctx: AppContext) => senderOf(ctx)?.destinationsChanged();

const LOG_SIZE = 100;

async function requireDestination(ctx: AppContext, organizationId: string, id: string) {
  const row = isUuid(id) ? await repo.findDestination(ctx.db, organizationId, id) : undefined;
  if (!row) throw Errors.notFound();
  return row;
}

const present = (ctx: AppContext, row: repo.DestinationRow): Webhook =>
  presentWebhook(row, openSettings(ctx, row.id, row.settings));

/** The URL refused as the SSRF guard refuses it (loopback, private, link-local, metadata …), with its reason. */
async function checkUrl(ctx: AppContext, url: string): Promise<void> {
  try {
    await ctx.webhookOutbound.check(url);
  } catch (error) {
    if (error instanceof OutboundError) throw Errors.invalidInput(error.message, 'url');
    throw error;
  }
}

async function checkSites(ctx: AppContext, organizationId: string, siteIds: string[], groupIds: string[]) {
  const owned = await repo.countOwned(ctx.db, organizationId, siteIds, groupIds);
  if (owned.sites !== siteIds.length)
    throw Errors.invalidInput('Choose sites of your organization.', 'siteIds');
  if (owned.groups !== groupIds.length)
    throw Errors.invalidInput('Choose groups of your organization.', 'groupIds');
}

const sealSettings = (ctx: AppContext, id: string, settings: WebhookSettings) =>
  Object.values(settings).some(Boolean) ? ctx.seeds.seal(id, JSON.stringify(settings)) : null;

export async function listWebhooks(ctx: AppContext, user: UserWithOrg): Promise<Webhook[]> {
  return (await repo.listDestinations(ctx.db, user.organizationId)).map((row) => present(ctx, row));
}

export async function getWebhook(ctx: AppContext, user: UserWithOrg, id: string): Promise<Webhook> {
  return present(ctx, await requireDestination(ctx, user.organizationId, id));
}

export async function createWebhook(
  ctx: AppContext,
  auth: AuthContext,
  body: WebhookCreate,
  meta: RequestMeta,
): Promise<WebhookWithSecret> {
  const organizationId = auth.user.organizationId;
  const siteIds = [...new Set(body.siteIds)];
  const groupIds = [...new Set(body.groupIds)];
  await checkSites(ctx, organizationId, siteIds, groupIds);
  await checkUrl(ctx, body.url);
  const id = randomUUID();
  const secret = newSecret();
  await ctx.db.transaction(async (tx) => {
    await repo.insertDestination(tx, {
      id,
      organizationId,
      createdBy: auth.user.id,
      name: body.name,
      preset: body.preset,
      url: body.url,
      events: [...new Set(body.events)],
      siteIds,
      groupIds,
      settings: sealSettings(ctx, id, body.settings),
    });
    await repo.rotateSecret(tx, id, ctx.seeds.seal(id, secret), ctx.now());
    await audit(tx, {
      action: 'webhook.create',
      ...actorOf(auth, meta),
      target: body.name,
      detail: { webhookId: id, preset: body.preset, host: new URL(body.url).host, events: body.events },
    });
  });
  changed(ctx);
  return { webhook: await getWebhook(ctx, auth.user, id), secret };
}

export async function updateWebhook(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  body: WebhookUpdate,
  meta: RequestMeta,
): Promise<Webhook> {
  const organizationId = auth.user.organizationId;
  const row = await requireDestination(ctx, organizationId, id);
  const stored = openSettings(ctx, id, row.settings);
  // A setting left out or empty keeps the stored one: the console never shows a stored key or password.
  const given = Object.fromEntries(Object.entries(body.settings ?? {}).filter(([, v]) => v));
  const settings: WebhookSettings = { ...stored, ...given };
  const next = {
    name: body.name ?? row.name,
    preset: body.preset ?? (row.preset as WebhookCreate['preset']),
    url: body.url ?? row.url,
    events: [...new Set(body.events ?? row.events)],
    siteIds: [...new Set(body.siteIds ?? row.site_ids)],
    groupIds: [...new Set(body.groupIds ?? row.group_ids)],
  };
  if (next.preset === 'pagerduty' && !settings.routingKey)
    throw Errors.invalidInput('Enter the PagerDuty routing key.', 'settings.routingKey');
  if (next.preset === 'servicenow' && (!settings.username || !settings.password))
    throw Errors.invalidInput('Enter the ServiceNow user name and password.', 'settings.username');
  await checkSites(ctx, organizationId, next.siteIds, next.groupIds);
  await checkUrl(ctx, next.url);
  await ctx.db.transaction(async (tx) => {
    await repo.updateDestination(tx, organizationId, id, {
      ...next,
      settings: sealSettings(ctx, id, settings),
    });
    await audit(tx, {
      action: 'webhook.update',
      ...actorOf(auth, meta),
      target: next.name,
      detail: { webhookId: id, fields: Object.keys(body) },
    });
  });
  changed(ctx);
  return getWebhook(ctx, auth.user, id);
}

export async function deleteWebhook(ctx: AppContext, auth: AuthContext, id: string, meta: RequestMeta) {
  const row = await requireDestination(ctx, auth.user.organizationId, id);
  await ctx.db.transaction(async (tx) => {
    await repo.deleteDestination(tx, auth.user.organizationId, id);
    await audit(tx, {
      action: 'webhook.delete',
      ...actorOf(auth, meta),
      target: row.name,
      detail: { webhookId: id },
    });
  });
  changed(ctx);
}

/** A new signing secret, shown once; the one it replaces signs alongside it for `overlapHours`. */
export async function rotateWebhookSecret(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  body: WebhookRotate,
  meta: RequestMeta,
): Promise<WebhookWithSecret> {
  const row = await requireDestination(ctx, auth.user.organizationId, id);
  const secret = newSecret();
  const until = new Date(ctx.now().getTime() + body.overlapHours * 3_600_000);
  await ctx.db.transaction(async (tx) => {
    await repo.rotateSecret(tx, id, ctx.seeds.seal(id, secret), until);
    await audit(tx, {
      action: 'webhook.secret_rotate',
      ...actorOf(auth, meta),
      target: row.name,
      detail: { webhookId: id, overlapHours: body.overlapHours },
    });
  });
  return { webhook: await getWebhook(ctx, auth.user, id), secret };
}

export const TEST_LIMITED = `A destination takes at most ${WEBHOOK_TESTS_PER_MINUTE} tests a minute. Wait a minute, then send the test again.`;

/** Counts one test against the destination's limit (WEBHOOK_TESTS_PER_MINUTE); past it, 429 webhook_test_limited. */
async function throttleTest(ctx: AppContext, destinationId: string): Promise<void> {
  try {
    await ctx.limiter.hit(`webhook-test:${destinationId}`, WEBHOOK_TESTS_PER_MINUTE, 60_000);
  } catch (error) {
    if (error instanceof AppError && error.id === 'rate_limited')
      throw new AppError(429, 'webhook_test_limited', TEST_LIMITED);
    throw error;
  }
}

/** Sends a test message in the preset's format now and answers what the destination said. */
export async function testWebhook(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  meta: RequestMeta,
): Promise<WebhookTestResult> {
  const row = await requireDestination(ctx, auth.user.organizationId, id);
  await throttleTest(ctx, row.id);
  const result = await post(ctx, row, {
    id: `msg_test_${randomUUID()}`,
    body: testMessage(row.name, ctx.now(), consoleUrl(ctx.config)),
  });
  await audit(ctx.db, {
    action: 'webhook.test',
    ...actorOf(auth, meta),
    target: row.name,
    detail: { webhookId: id, status: result.status, ok: result.ok },
  });
  return result;
}

export async function listWebhookDeliveries(
  ctx: AppContext,
  user: UserWithOrg,
  id: string,
): Promise<WebhookDelivery[]> {
  await requireDestination(ctx, user.organizationId, id);
  return (await repo.listDeliveries(ctx.db, user.organizationId, id, LOG_SIZE)).map(presentDelivery);
}

/** Queues a delivery again (a new row in the log, behind its incident's pending events). */
export async function redeliverWebhook(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  deliveryId: string,
  meta: RequestMeta,
): Promise<WebhookDelivery> {
  const row = await requireDestination(ctx, auth.user.organizationId, id);
  const copy = isUuid(deliveryId)
    ? await repo.redeliver(ctx.db, auth.user.organizationId, id, deliveryId, ctx.now())
    : undefined;
  if (!copy) throw Errors.notFound();
  await audit(ctx.db, {
    action: 'webhook.redeliver',
    ...actorOf(auth, meta),
    target: row.name,
    detail: { webhookId: id, deliveryId },
  });
  const delivery = await repo.findDelivery(ctx.db, auth.user.organizationId, copy);
  if (!delivery) throw Errors.notFound();
  senderOf(ctx)?.wake();
  return presentDelivery(delivery);
}

/** Sends to a paused (or failing) destination again. */
export async function resumeWebhook(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  meta: RequestMeta,
): Promise<Webhook> {
  const row = await requireDestination(ctx, auth.user.organizationId, id);
  await repo.resumeDestination(ctx.db, auth.user.organizationId, id);
  await audit(ctx.db, {
    action: 'webhook.resume',
    ...actorOf(auth, meta),
    target: row.name,
    detail: { webhookId: id },
  });
  changed(ctx);
  senderOf(ctx)?.wake();
  return getWebhook(ctx, auth.user, id);
}
