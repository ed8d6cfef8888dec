import type { Webhook, WebhookDelivery, WebhookEvent, WebhookPreset, WebhookSettings } from '@vnoc/contracts';
import { iso } from '../../http/iso.ts';
import type { DeliveryRow, DestinationRow } from './repository.ts';

export function presentWebhook(row: DestinationRow, settings: WebhookSettings): Webhook {
  return {
    id: row.id,
    name: row.name,
    preset: row.preset as WebhookPreset,
    url: row.url,
    host: URL.canParse(row.url) ? new URL(row.url).host : row.url,
    events: row.events as WebhookEvent[],
    siteIds: row.site_ids,
    sites: row.sites,
    groupIds: row.group_ids,
    settings: {
      routingKey: Boolean(settings.routingKey),
      username: settings.username ?? null,
      password: Boolean(settings.password),
    },
    status: row.paused_at ? 'paused' : row.failing_since ? 'failing' : 'active',
    failingSince: iso(row.failing_since),
    pausedAt: iso(row.paused_at),
    previousSecretUntil: iso(row.previous_until),
    createdAt: iso(row.created_at) as string,
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    state: row.state,
    attempts: row.attempts,
    createdAt: iso(row.created_at) as string,
    lastAttemptAt: iso(row.last_attempt_at),
    nextAttemptAt: row.state === 'pending' ? iso(row.next_attempt_at) : null,
    responseStatus: row.response_status,
    responseBody: row.response_body,
    error: row.last_error,
  };
}
