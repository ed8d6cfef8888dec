import { z } from 'zod';
import { ActorSchema } from './actor.ts';
import { AlertCodeSchema, AlertNoteSchema, AlertSeveritySchema, AlertStateSchema } from './alerts.ts';
import { JobSchema } from './diagnostics.ts';
import { requiredText } from './fields.ts';
import { DeviceKindSchema, DeviceStatusSchema, freeText, pagingQuery, sortingSchema } from './fleet.ts';
import {
  TICKET_COMMENT_MAX,
  TICKET_MESSAGE_MAX,
  TICKET_SIDES,
  TICKET_SORT_FIELDS,
  TICKET_STATUSES,
  TICKET_SUBJECT_MAX,
} from './ticket-constants.ts';

/**
 * Support tickets (issue 4; spec part 7 Devices: POST device/troubleshooting/ticket/{id}): sent from a
 * device's troubleshooting panel with the device, its site and its latest diagnostic results, emailed
 * to the provider's support address and listed on the Tickets screen.
 */

export const TicketStatusSchema = z.enum(TICKET_STATUSES, { error: 'Unknown ticket status.' });

/** POST device/troubleshooting/ticket/{id}. */
export const TicketRequestSchema = z.object({
  subject: requiredText(TICKET_SUBJECT_MAX, 'Enter a subject.', 'The subject'),
  comment: requiredText(TICKET_COMMENT_MAX, 'Describe the problem.', 'The comment'),
  /**
   * The alert the ticket is about, when sent from one (issue 37): the ticket keeps it and the alert's notes,
   * and an alert has one open ticket at a time (a second is refused with 409).
   */
  alertId: z.uuid({ error: 'Enter a valid alert id.' }).optional(),
});
export type TicketRequest = z.infer<typeof TicketRequestSchema>;

/** The device as it was when the ticket was sent. */
export const TicketDeviceSchema = z.object({
  id: z.string(),
  /** Its name then (absent on tickets sent before devices had names). */
  name: z.string().optional(),
  macAddress: z.string(),
  kind: DeviceKindSchema,
  manufacturer: z.string(),
  model: z.string(),
  status: DeviceStatusSchema,
});

export const TicketSiteSchema = z.object({ id: z.string(), name: z.string(), address: z.string() });

/** The alert a ticket was sent from, as it is now. */
export const TicketAlertSchema = z.object({
  id: z.string(),
  code: AlertCodeSchema,
  severity: AlertSeveritySchema,
  status: AlertStateSchema,
});
export type TicketAlert = z.infer<typeof TicketAlertSchema>;

export const TICKET_NOTE_KINDS = ['alertCleared'] as const;
/** What vNOC wrote on a ticket after it was sent: its alert cleared at `at`. */
export const TicketNoteSchema = z.object({
  id: z.string(),
  kind: z.enum(TICKET_NOTE_KINDS),
  at: z.string(),
});
export type TicketNote = z.infer<typeof TicketNoteSchema>;

/** The message of the 409 for a second open ticket about one alert. */
export const ticketOpenForAlertMessage = (number: number) =>
  `This alert already has an open ticket, #${number}. Open it instead of sending another.`;

const ticketBase = {
  id: z.string(),
  /** The number support and the customer quote (shown as #1001). */
  number: z.number().int(),
  subject: z.string(),
  status: TicketStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who sent it; `support` when a support person did, acting as them. */
  createdBy: ActorSchema,
  device: TicketDeviceSchema,
  site: TicketSiteSchema,
  /** The alert it was sent from; null when sent from a device (or the alert was removed). */
  alert: TicketAlertSchema.nullable(),
};

/** A ticket in the list. */
export const TicketSummarySchema = z.object(ticketBase);
export type TicketSummary = z.infer<typeof TicketSummarySchema>;

/** A ticket opened: its comment, the address it was emailed to and the diagnostics it carries. */
export const TicketSchema = z.object({
  ...ticketBase,
  comment: z.string(),
  emailedTo: z.string(),
  /** The device's latest finished run of each action when the ticket was sent, newest first. */
  diagnostics: z.array(JobSchema),
  /** The alert's notes when the ticket was sent from it, oldest first. */
  alertNotes: z.array(AlertNoteSchema),
  /** What vNOC wrote on it since (its alert cleared), oldest first. */
  notes: z.array(TicketNoteSchema),
});
export type Ticket = z.infer<typeof TicketSchema>;

/** GET ticket: the organization's tickets, newest first by default. */
export const TicketListQuerySchema = z.object({
  ...pagingQuery,
  sorting: sortingSchema(TICKET_SORT_FIELDS, 'createdAt-desc'),
  status: TicketStatusSchema.optional(),
  /** One device's tickets. */
  deviceId: z.uuid({ error: 'Enter a valid device id.' }).optional(),
  /** The fleet query language (issue 37): subject, number, site or device name contains the text; filters by key. */
  q: freeText,
});
export type TicketListQuery = z.infer<typeof TicketListQuerySchema>;

/** POST ticket/{id}/status: close a ticket, or open it again. */
export const TicketStatusRequestSchema = z.object({ status: TicketStatusSchema });
export type TicketStatusRequest = z.infer<typeof TicketStatusRequestSchema>;

/**
 * GET support/tickets (issue 37): the provider's support staff, signed in as themselves, read the tickets
 * customers sent them (each was emailed to support with the same words): every customer organization's, newest
 * first, with the organization and the comment. The diagnostics stay behind the customer's scope.
 */
export const SupportTicketSchema = TicketSummarySchema.extend({
  organization: z.object({ id: z.string(), name: z.string() }),
  comment: z.string(),
});
export type SupportTicket = z.infer<typeof SupportTicketSchema>;

export const SupportTicketQuerySchema = z.object({
  ...pagingQuery,
  sorting: sortingSchema(TICKET_SORT_FIELDS, 'createdAt-desc'),
  status: TicketStatusSchema.optional(),
  /** Subject, organization, site or device name contains this. */
  q: freeText,
});
export type SupportTicketQuery = z.infer<typeof SupportTicketQuerySchema>;

/**
 * A ticket's thread (issue 37): the customer and support write to each other on the ticket. A reply is 1 to
 * 4 000 characters (after trimming); a thread answers its newest TICKET_THREAD_MESSAGES, oldest first.
 */

/** POST ticket/{id}/messages and support/tickets/{id}/messages. */
export const TicketReplyRequestSchema = z.object({
  body: requiredText(TICKET_MESSAGE_MAX, 'Write a reply.', 'A reply'),
});
export type TicketReplyRequest = z.infer<typeof TicketReplyRequestSchema>;

/** Which side wrote a reply: the customer's organization, or the provider's support staff. */
export const TicketSideSchema = z.enum(TICKET_SIDES);

export const TicketMessageSchema = z.object({
  id: z.string(),
  side: TicketSideSchema,
  /**
   * Who wrote it: a customer's person; a support person from the support console; or, in a support session,
   * the person support acted as with `support` naming them (the reply is support's side then).
   */
  author: ActorSchema,
  body: z.string(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof TicketMessageSchema>;

/** GET ticket/{id}/messages and support/tickets/{id}/messages: the newest replies, oldest first. */
export const TicketThreadSchema = z.object({ messages: z.array(TicketMessageSchema) });
export type TicketThread = z.infer<typeof TicketThreadSchema>;
