import { randomUUID } from 'node:crypto';
import {
  type Channel,
  type NotificationProfile,
  type NotificationProfileResponse,
  TEST_NOTIFICATION_WAIT_MS,
} from '@vnoc/contracts';
import { audit } from '../../auth/audit.ts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { consoleLinks } from '../../delivery/console-links.ts';
import { AppError, Errors } from '../../errors.ts';
import { testText } from '../../notifications/messages.ts';
import {
  contactsOf,
  languageOf,
  normalizeProfile,
  readProfile,
  UNVERIFIED_CHANNEL,
} from '../../notifications/profile.ts';
import { insertNotification, latestTestAt, lockRecipient } from '../../notifications/queue.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { consoleUrl } from '../../plugins/config.ts';
import { countGroupsInScope, countSitesInScope, scopeOf } from '../../sql/scope.ts';
import { findLanguage } from '../accounts/index.ts';
import { presentProfileResponse } from './present.ts';
import * as repo from './repository.ts';

export const OUT_OF_SCOPE = 'Choose sites and groups of your organization.';

const unverified = (channel: Channel) => Errors.invalidInput(UNVERIFIED_CHANNEL[channel], 'channels');

/** GET notificationProfile: the caller's profile (the defaults until they save one) and verified contacts. */
export async function getNotificationProfile(
  ctx: AppContext,
  user: UserWithOrg,
): Promise<NotificationProfileResponse> {
  const profile = readProfile(await repo.findStoredProfile(ctx.db, user.id));
  return presentProfileResponse(profile, contactsOf(user));
}

/**
 * POST updateNotificationProfile: every channel must have a verified contact, and the sites and groups
 * chosen must be the caller's to see; otherwise 400 and nothing is written.
 */
export async function updateNotificationProfile(
  ctx: AppContext,
  auth: AuthContext,
  body: NotificationProfile,
  meta: RequestMeta,
): Promise<NotificationProfileResponse> {
  const { user } = auth;
  const profile = normalizeProfile(body);
  const contacts = contactsOf(user);
  const missing = profile.channels.find((c) => !contacts[c]);
  if (missing) throw unverified(missing);
  const scope = await scopeOf(ctx.db, user);
  const [sites, groups] = await Promise.all([
    countSitesInScope(ctx.db, scope, profile.siteIds),
    countGroupsInScope(ctx.db, scope, profile.groupIds),
  ]);
  if (sites !== profile.siteIds.length) throw Errors.invalidInput(OUT_OF_SCOPE, 'siteIds');
  if (groups !== profile.groupIds.length) throw Errors.invalidInput(OUT_OF_SCOPE, 'groupIds');
  await repo.upsertProfile(ctx.db, user.id, profile, ctx.now());
  await audit(ctx.db, {
    action: 'notificationProfile.update',
    user,
    impersonatorId: auth.impersonator?.id,
    detail: { channels: profile.channels, severities: profile.severities },
    meta,
  });
  return presentProfileResponse(profile, contacts);
}

/**
 * POST test-notification: queues a test message to the caller's verified contact for the method and
 * wakes the sender. One test per method every 5 minutes (spec part 9), checked under a lock per person
 * and method, so two simultaneous requests queue one message and the other answers 423.
 */
export async function sendTestNotification(
  ctx: AppContext,
  auth: AuthContext,
  method: Channel,
  meta: RequestMeta,
): Promise<{ ok: true }> {
  const { user } = auth;
  const destination = contactsOf(user)[method];
  if (!destination) throw unverified(method);
  const now = ctx.now();
  const link = method === 'voice' ? null : consoleLinks(consoleUrl(ctx.config)).notificationSettings();
  const text = testText(languageOf(await findLanguage(ctx.db, user.id)), link);
  await ctx.db.transaction(async (tx) => {
    await lockRecipient(tx, user.id, method);
    const last = await latestTestAt(tx, user.id, method);
    if (last && now.getTime() - last.getTime() < TEST_NOTIFICATION_WAIT_MS) throw Errors.testWait();
    const id = await insertNotification(tx, {
      organizationId: user.organizationId,
      userId: user.id,
      alertId: null,
      kind: 'test',
      channel: method,
      destination,
      subject: text.subject,
      body: text.body,
      idempotencyKey: `test:${user.id}:${method}:${randomUUID()}`,
      notBefore: now,
      createdAt: now,
    });
    if (!id) throw new AppError(500, 'internal', 'the test notification was not queued');
  });
  ctx.notifications.wake();
  await audit(ctx.db, {
    action: 'notification.test',
    user,
    impersonatorId: auth.impersonator?.id,
    detail: { method },
    meta,
  });
  return { ok: true };
}
