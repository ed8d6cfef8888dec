/*
 * Support tickets' vocabulary without zod (issue 39): the limits of a ticket's subject, comment and replies, its
 * statuses, sides and sort fields. The console's screens read these on their first load; the schemas built on
 * them live in tickets.ts.
 */

export const TICKET_SUCCESS_MESSAGE = 'Support ticket successfully sent!';
export const TICKET_SUBJECT_MAX = 150;
export const TICKET_COMMENT_MAX = 5000;

export const TICKET_STATUSES = ['open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_SORT_FIELDS = ['number', 'subject', 'status', 'createdAt', 'updatedAt'] as const;
export type TicketSortField = (typeof TICKET_SORT_FIELDS)[number];

export const TICKET_MESSAGE_MAX = 4_000;
export const TICKET_THREAD_MESSAGES = 500;

export const TICKET_SIDES = ['customer', 'support'] as const;
export type TicketSide = (typeof TICKET_SIDES)[number];
