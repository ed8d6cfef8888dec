/**
 * What each live event makes stale (docs/decisions/server-and-database.md, "Live events"): one table from event to query-key
 * patterns, in app/ because it knows the features' keys. A pattern matches a query whose key starts with
 * it; ANY matches one segment of any value.
 */

import type { QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@vnoc/contracts';
import { deviceQueryKey } from '../features/devices/api/keys.ts';
import { diagnosticsKeys } from '../features/diagnostics/api/keys.ts';
import { siteQueryKey } from '../features/sites/api/keys.ts';
import { timelineKeyOf, timelineQueryKey } from '../features/timeline/api/keys.ts';
import { MAP_VIEW_KEY } from '../lib/map-view-keys.ts';
import { ticketThreadKeys } from '../lib/ticket-thread-keys.ts';

export const ANY = '\u0000any';
export type KeyPattern = readonly unknown[];

/** The roots of everything the stream keeps fresh: a `resync` (events were missed) refetches them all. */
export const LIVE_ROOTS: readonly KeyPattern[] = [
  ['site'],
  ['sites'],
  ['device'],
  ['devices'],
  ['diagnostics'],
  ['alerts'],
  ['alert'],
  ['analytics'],
  ['maintenance'],
  ['chat'],
  ['ticket'],
  ['tickets'],
  ['support', 'ticket'],
  ['support', 'tickets'],
  timelineQueryKey,
];

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

/** The query-key patterns an event makes stale. */
export function invalidationsFor(event: LiveEvent): KeyPattern[] {
  switch (event.type) {
    case 'device.status':
      // The device, its site (and the site's devices and alerts under it), every site and device list,
      // the status counts and problem widgets (['devices', …], ['sites', …]) and the map (['sites', 'map']).
      // The device's and its site's timelines (their status band).
      return [
        deviceQueryKey(event.deviceId),
        siteQueryKey(event.siteId),
        ['sites'],
        ['devices'],
        timelineKeyOf('device', event.deviceId),
        timelineKeyOf('site', event.siteId),
      ];
    case 'job.updated': {
      const keys: KeyPattern[] = [
        diagnosticsKeys.job(event.jobId),
        diagnosticsKeys.history(event.deviceId),
        // The diagnostics row of the device's and its site's timelines.
        timelineKeyOf('device', event.deviceId),
        timelineKeyOf('site', event.siteId),
      ];
      if (event.batchId) keys.push(diagnosticsKeys.batch(event.batchId));
      // A finished port action changed the device's ports.
      if (FINISHED.has(event.state)) keys.push(deviceQueryKey(event.deviceId));
      return keys;
    }
    case 'alert.raised':
    case 'alert.cleared':
    case 'alert.updated':
      return [
        ['alerts'],
        ['alert'],
        // A site's and a device's alert lists; every site's and device's for an alert without one.
        ['site', event.siteId ?? ANY, 'alerts'],
        ['device', event.deviceId ?? ANY, 'alerts'],
        // Map clusters carry the worst active alert of their sites.
        [...MAP_VIEW_KEY],
        // The alerts row of the site's and the device's timelines (every one's for an alert without them).
        timelineKeyOf('site', event.siteId ?? ANY),
        timelineKeyOf('device', event.deviceId ?? ANY),
      ];
    case 'chat.updated':
      // The conversation lists (the person's widget, the support inbox) and the conversation itself.
      return [
        ['chat', 'conversations'],
        ['chat', 'conversation', event.conversationId],
      ];
    case 'ticket.updated':
      // The ticket and its thread on the customer's page and in the support console, and both ticket lists.
      return [
        ticketThreadKeys.ticket('customer', event.ticketId),
        ticketThreadKeys.ticket('support', event.ticketId),
        ticketThreadKeys.list('customer'),
        ticketThreadKeys.list('support'),
      ];
    case 'resync':
      return [...LIVE_ROOTS];
  }
}

/** Whether the query key starts with the pattern (ANY matching any one segment). */
export function matchesPattern(pattern: KeyPattern, key: QueryKey): boolean {
  if (pattern.length > key.length) return false;
  return pattern.every((part, i) => part === ANY || sameSegment(part, key[i]));
}

function sameSegment(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * How long a pattern waits after its last refetch before the next one: whole lists (a single root such
 * as ['sites']) refetch at most every 5 s — a busy fleet changes every tick, and the map loads every
 * site — while one device, site or job follows within a second.
 */
export function throttleFor(pattern: KeyPattern): number {
  return pattern.length <= 1 ? 5_000 : 1_000;
}
