/*
 * Live events, built with zod/mini (same core and parsing as the classic zod of the other contracts, without its
 * per-schema methods), like claims.ts: the web app checks each event of the stream against these schemas, and with
 * this module it evaluates a few small schemas on zod's core, which the claims already loaded before the first
 * render, not classic zod and the fleet's schemas, a long task of the signed-in page's first seconds on a phone
 * (issue 39). The API checks the events it relays between instances (Redis) with the same definitions.
 */
import * as z from 'zod/mini';
import { DEVICE_STATUSES } from './fleet-constants.ts';

/**
 * Live events (docs/decisions/server-and-database.md, "Live events"): what `GET /api/events` streams to a signed-in console as
 * server-sent events. Every event names the site it concerns (null only for an organization-wide one, such
 * as a regional incident), so the server can filter it by the caller's scope before writing it.
 */
export const DeviceStatusEventSchema = z.object({
  type: z.literal('device.status'),
  siteId: z.string(),
  deviceId: z.string(),
  from: z.enum(DEVICE_STATUSES),
  to: z.enum(DEVICE_STATUSES),
  at: z.string(),
});

export const AlertEventSchema = z.object({
  type: z.enum(['alert.raised', 'alert.cleared', 'alert.updated']),
  alertId: z.string(),
  code: z.string(),
  severity: z.enum(['critical', 'major', 'minor', 'info']),
  /** Null for an incident over several sites (a regional outage). */
  siteId: z.nullable(z.string()),
  deviceId: z.nullable(z.string()),
  /** The root alert this one is attached to, when it is a dependent. */
  rootAlertId: z.nullable(z.string()),
  at: z.string(),
});

export const JobEventSchema = z.object({
  type: z.literal('job.updated'),
  jobId: z.string(),
  siteId: z.string(),
  deviceId: z.string(),
  batchId: z.nullable(z.string()),
  action: z.string(),
  state: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']),
  at: z.string(),
});

/**
 * A support chat conversation changed (a message, read, closed or reopened). Only the person whose
 * conversation it is and the provider's support staff receive it; it carries no message text.
 */
export const ChatEventSchema = z.object({
  type: z.literal('chat.updated'),
  conversationId: z.string(),
  /** The person whose conversation it is. */
  userId: z.string(),
  /** Who caused the change. */
  by: z.enum(['user', 'support']),
  at: z.string(),
});

/**
 * A ticket was sent, closed or opened again, or its thread has a new reply (issue 37). Its organization's people
 * who see its site, and the provider's support staff, receive it (lists and threads refresh); webhooks send it
 * (issue 38). It carries no text.
 */
export const TicketEventSchema = z.object({
  type: z.literal('ticket.updated'),
  ticketId: z.string(),
  siteId: z.string(),
  deviceId: z.string(),
  status: z.enum(['open', 'closed']),
  /** Which side caused the change. */
  by: z.enum(['customer', 'support']),
  at: z.string(),
});

/** Told to a client whose Last-Event-ID is older than the server remembers: refetch everything. */
export const ResyncEventSchema = z.object({ type: z.literal('resync') });

export const LiveEventSchema = z.discriminatedUnion('type', [
  DeviceStatusEventSchema,
  AlertEventSchema,
  JobEventSchema,
  TicketEventSchema,
  ChatEventSchema,
  ResyncEventSchema,
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
export type DeviceStatusEvent = z.infer<typeof DeviceStatusEventSchema>;
export type AlertEvent = z.infer<typeof AlertEventSchema>;
export type JobEvent = z.infer<typeof JobEventSchema>;
export type ChatEvent = z.infer<typeof ChatEventSchema>;
export type TicketEvent = z.infer<typeof TicketEventSchema>;
