import { randomUUID } from 'node:crypto';
import {
  type ProductProperties,
  type ProductTrackRequestSchema,
  stripSensitiveProperties,
} from '@vnoc/contracts';
import type { z } from 'zod';

/** One event as stored or forwarded: what the client sent (checked, secrets stripped) and what the server adds. */
export type StampedEvent = {
  /** Sent to the service as the event's id, so a retried batch is not counted twice. */
  insertId: string;
  at: Date;
  userId: string;
  organizationId: string;
  impersonatorUserId: string | null;
  sessionId: string | null;
  name: string;
  properties: ProductProperties;
};

export type Caller = { userId: string; organizationId: string; impersonatorUserId: string | null };

/** The request as the route's schema parsed it. */
export type ParsedTrackRequest = z.output<typeof ProductTrackRequestSchema>;

/**
 * The request's events with the server's stamps: the caller, the impersonator if any, and the time. Both request
 * shapes (the console's `{ events }`, a Mixpanel-style array) end up alike; sensitive properties are dropped.
 */
export function stampEvents(request: ParsedTrackRequest, caller: Caller, at: Date): StampedEvent[] {
  const events = Array.isArray(request)
    ? request.map((e) => ({ name: e.event, sessionId: undefined, properties: e.properties }))
    : request.events;
  return events.map((e) => ({
    insertId: randomUUID(),
    at,
    ...caller,
    sessionId: e.sessionId ?? null,
    name: e.name,
    properties: stripSensitiveProperties(e.properties),
  }));
}
