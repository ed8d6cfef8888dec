import {
  AlertNoteSchema,
  ErrorIds,
  type Paged,
  type SupportTicket,
  type SupportTicketQuery,
  TICKET_THREAD_MESSAGES,
  type Ticket,
  type TicketListQuery,
  type TicketMessage,
  type TicketRequest,
  type TicketSide,
  type TicketStatus,
  type TicketThread,
  ticketOpenForAlertMessage,
} from '@vnoc/contracts';
import { z } from 'zod';
import { type AuditInput, actorOf, audit } from '../../auth/audit.ts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { consoleLinks } from '../../delivery/console-links.ts';
import { AppError, Errors } from '../../errors.ts';
import { languageOf } from '../../notifications/profile.ts';
import { insertNotifications } from '../../notifications/queue.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { consoleUrl } from '../../plugins/config.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { isUniqueViolation } from '../../sql/errors.ts';
import { searchText } from '../../sql/fleet-query.ts';
import { pageFor, scopedList } from '../../sql/page-request.ts';
import { type Scope, scopeOf } from '../../sql/scope.ts';
import { isUuid } from '../../sql/text.ts';
import { alertForTicket } from '../alerts/service.ts';
import { scopedDevice } from '../devices/service.ts';
import { jobsOf, latestFinishedJobIds } from '../troubleshooting/service.ts';
import { customerReplyEmail, supportReplyEmail, ticketEmail } from './email.ts';
import { presentSummary, presentSupportTicket, presentTicketMessage, presentTicketNote } from './present.ts';
import * as repo from './repository.ts';

/** Where tickets go when SUPPORT_EMAIL is not set. */
export const DEFAULT_SUPPORT_EMAIL = 'support@vnoc.example';
export const DELIVERY_FAILED = 'The support ticket could not be sent. Please try again.';

async function presentTicket(db: DbOrTx, scope: Scope, row: repo.TicketRow): Promise<Ticket> {
  const [diagnostics, notes] = await Promise.all([
    jobsOf(db, scope, row.job_ids),
    repo.notesOfTicket(db, row.id),
  ]);
  return {
    ...presentSummary(row),
    comment: row.comment,
    emailedTo: row.emailed_to,
    diagnostics,
    alertNotes: z.array(AlertNoteSchema).parse(row.alert_notes),
    notes: notes.map(presentTicketNote),
  };
}

/**
 * Issue 37: an alert has one open ticket at a time. Throws the 409 naming it when the alert has one (checked
 * before sending, and again when the unique index refused a ticket sent at the same moment).
 */
async function refuseSecondTicket(db: DbOrTx, alertId: string | null): Promise<void> {
  const open = alertId ? await repo.openTicketOfAlert(db, alertId) : undefined;
  if (open) throw Errors.conflict(ErrorIds.ticketOpen, ticketOpenForAlertMessage(open.number));
}

/** Runs a write that may open a second ticket for the alert, and answers the 409 when the index refuses it. */
async function oneOpenTicket<T>(db: DbOrTx, alertId: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err) && alertId) await refuseSecondTicket(db, alertId);
    throw err;
  }
}

/**
 * POST device/troubleshooting/ticket/{id}: stores a ticket with the device, its site and the device's
 * latest finished run of each action, and emails it to the provider's support address. Nothing is
 * stored when the email cannot be sent.
 */
export async function createTicket(
  ctx: AppContext,
  auth: AuthContext,
  deviceId: string,
  body: TicketRequest,
  meta: RequestMeta,
): Promise<Ticket> {
  const { user } = auth;
  const { scope, device } = await scopedDevice(ctx, user, deviceId);
  const emailedTo = ctx.config.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
  const alert = body.alertId ? await alertForTicket(ctx, scope, body.alertId) : null;
  await refuseSecondTicket(ctx.db, alert?.id ?? null);
  const ticket = await oneOpenTicket(ctx.db, alert?.id ?? null, () =>
    ctx.db.transaction(async (tx) => {
      const jobIds = await latestFinishedJobIds(tx, scope, device.id);
      const { id } = await repo.insertTicket(tx, {
        organizationId: user.organizationId,
        deviceId: device.id,
        siteId: device.site_id,
        subject: body.subject,
        comment: body.comment,
        device: {
          id: device.id,
          name: device.name,
          macAddress: device.mac_address,
          kind: device.kind,
          manufacturer: device.manufacturer,
          model: device.model,
          status: device.status,
        },
        site: await repo.ticketSite(tx, device.site_id),
        jobIds,
        emailedTo,
        createdBy: user.id,
        createdBySupport: auth.impersonator?.id ?? null,
        alertId: alert?.id ?? null,
        alertNotes: alert?.notes ?? [],
      });
      const row = await repo.findTicket(tx, scope, id);
      if (!row) throw new Error('the new ticket is not readable');
      return presentTicket(tx, scope, row);
    }),
  );
  // Sent once the ticket is stored (support never gets a number that does not exist, and no database
  // connection waits on the mail server); a ticket that could not be sent is removed again.
  const email = ticketEmail(
    ticket,
    user.organization.name,
    user.username,
    consoleLinks(consoleUrl(ctx.config)),
  );
  try {
    await ctx.deliver({ channel: 'email', to: emailedTo, subject: email.subject, body: email.body });
  } catch (err) {
    ctx.log.error({ err }, 'the support ticket email could not be sent');
    await repo.deleteTicket(ctx.db, ticket.id);
    throw new AppError(502, 'delivery_failed', DELIVERY_FAILED);
  }
  await audit(ctx.db, {
    action: 'ticket.create',
    user,
    impersonatorId: auth.impersonator?.id,
    target: ticket.id,
    detail: { number: ticket.number, deviceId: device.id, emailedTo, alertId: alert?.id },
    meta,
  });
  publishTicket(
    ctx,
    user.organizationId,
    { id: ticket.id, siteId: device.site_id, deviceId: device.id },
    'open',
  );
  return ticket;
}

export async function getTicket(ctx: AppContext, user: UserWithOrg, id: string): Promise<Ticket> {
  if (!isUuid(id)) throw Errors.notFound();
  const scope = await scopeOf(ctx.db, user);
  const row = await repo.findTicket(ctx.db, scope, id);
  if (!row) throw Errors.notFound();
  return presentTicket(ctx.db, scope, row);
}

/** The tickets on sites of the caller's scope, of a status or a device if asked, one page in the asked order. */
export const listTickets = scopedList(
  repo.listTickets,
  ({ status, deviceId, q }: TicketListQuery, ctx) => ({ status, deviceId, ...searchText(q, 'tickets', ctx) }),
  presentSummary,
);

/** POST ticket/{id}/status: close the ticket, or open it again. */
export async function setTicketStatus(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  status: TicketStatus,
  meta: RequestMeta,
): Promise<Ticket> {
  if (!isUuid(id)) throw Errors.notFound();
  const scope = await scopeOf(ctx.db, auth.user);
  // Opening it again while its alert has another open ticket is refused like sending a second one.
  const alertId = status === 'open' ? await repo.alertIdOfTicket(ctx.db, id) : null;
  const found = await oneOpenTicket(ctx.db, alertId, () => repo.setTicketStatus(ctx.db, scope, id, status));
  if (!found) throw Errors.notFound();
  await audit(ctx.db, {
    action: 'ticket.status',
    ...actorOf(auth, meta),
    target: id,
    detail: { status },
  });
  const ticket = await getTicket(ctx, auth.user, id);
  publishTicket(
    ctx,
    auth.user.organizationId,
    { id, siteId: ticket.site.id, deviceId: ticket.device.id },
    status,
  );
  return ticket;
}

/** Tells the bus a ticket was sent, closed, opened again or answered (lists and threads refresh; webhooks send it). */
function publishTicket(
  ctx: AppContext,
  organizationId: string,
  ticket: { id: string; siteId: string; deviceId: string },
  status: TicketStatus,
  by: 'customer' | 'support' = 'customer',
  at = new Date().toISOString(),
): void {
  ctx.events.publish(organizationId, {
    type: 'ticket.updated',
    ticketId: ticket.id,
    siteId: ticket.siteId,
    deviceId: ticket.deviceId,
    status,
    by,
    at,
  });
}

/** GET support/tickets: every customer organization's tickets, for the provider's support staff (issue 37). */
export function listSupportTickets(
  ctx: AppContext,
  query: SupportTicketQuery,
): Promise<Paged<SupportTicket>> {
  const filters = { status: query.status, q: query.q || undefined };
  return pageFor(
    query,
    (request) => repo.listSupportTickets(ctx.db, { filters, ...request }),
    presentSupportTicket,
  );
}

/** Replies one person may write per minute, on every ticket together. */
export const TICKET_REPLIES_PER_MINUTE = 30;

/** A ticket of the caller's scope (their organization's, on a site they see), or 404. */
async function ticketInScope(ctx: AppContext, user: UserWithOrg, id: string): Promise<repo.TicketRow> {
  const row = isUuid(id) ? await repo.findTicket(ctx.db, await scopeOf(ctx.db, user), id) : undefined;
  if (!row) throw Errors.notFound();
  return row;
}

/** A customer organization's ticket for the provider's support staff, or 404. */
async function supportTicketRow(ctx: AppContext, id: string): Promise<repo.SupportTicketRow> {
  const row = isUuid(id) ? await repo.findSupportTicket(ctx.db, id) : undefined;
  if (!row) throw Errors.notFound();
  return row;
}

async function threadOf(db: DbOrTx, ticketId: string): Promise<TicketThread> {
  const rows = await repo.messagesOfTicket(db, ticketId, TICKET_THREAD_MESSAGES);
  return { messages: rows.map(presentTicketMessage) };
}

/** GET ticket/{id}/messages: the thread of a ticket the caller sees. */
export async function ticketThread(ctx: AppContext, user: UserWithOrg, id: string): Promise<TicketThread> {
  return threadOf(ctx.db, (await ticketInScope(ctx, user, id)).id);
}

/** GET support/tickets/{id}: one customer's ticket, for the support console. */
export async function supportTicket(ctx: AppContext, id: string): Promise<SupportTicket> {
  return presentSupportTicket(await supportTicketRow(ctx, id));
}

/** GET support/tickets/{id}/messages: the thread of any customer's ticket, for the support console. */
export async function supportTicketThread(ctx: AppContext, id: string): Promise<TicketThread> {
  return threadOf(ctx.db, (await supportTicketRow(ctx, id)).id);
}

/** The reply's writer as stored: who, which side, and the support person acting as them if any. */
type Writer = { authorId: string; side: TicketSide; supportId: string | null };

/**
 * Stores a reply on a ticket, opening it again when it was closed (a reply asks for an answer; refused 409 like
 * a reopening when its alert has another open ticket), audits it and tells the open consoles. A support reply
 * queues an email to the ticket's people in the same transaction; a customer's is emailed to support after
 * the commit (the support console shows it even when that email fails).
 */
async function reply(
  ctx: AppContext,
  ticket: { row: repo.TicketRow; organizationId: string; organizationName: string },
  writer: Writer,
  body: string,
  actor: Omit<AuditInput, 'action'>,
  sender: string,
): Promise<TicketMessage> {
  const { row, organizationId } = ticket;
  await ctx.limiter.hit(
    `ticket-reply:${actor.impersonatorId ?? writer.authorId}`,
    TICKET_REPLIES_PER_MINUTE,
    60_000,
  );
  const links = consoleLinks(consoleUrl(ctx.config));
  const summary = presentSummary(row);
  const alertId = row.status === 'closed' ? await repo.alertIdOfTicket(ctx.db, row.id) : null;
  const message = await oneOpenTicket(ctx.db, alertId, () =>
    ctx.db.transaction(async (tx) => {
      const { id, reopened } = await repo.insertTicketMessage(tx, { ticketId: row.id, ...writer, body });
      const message = presentTicketMessage(await repo.findTicketMessage(tx, id));
      if (writer.side === 'support') {
        const people = await repo.ticketPeople(tx, row.id);
        await insertNotifications(
          tx,
          people.map((person) => {
            const email = supportReplyEmail(
              { ticket: summary, author: message.author, body, at: message.createdAt },
              languageOf(person.language),
              links,
            );
            return {
              organizationId,
              userId: person.id,
              alertId: null,
              kind: 'ticket',
              channel: 'email',
              destination: person.username,
              subject: email.subject,
              body: email.body,
              idempotencyKey: `ticket-reply:${id}:${person.id}`,
              notBefore: ctx.now(),
              createdAt: ctx.now(),
            };
          }),
        );
      }
      await audit(tx, {
        ...actor,
        action: 'ticket.reply',
        target: row.id,
        detail: { number: row.number, side: writer.side, reopened },
      });
      return message;
    }),
  );
  // A reply opens a closed ticket again.
  publishTicket(
    ctx,
    organizationId,
    { id: row.id, siteId: summary.site.id, deviceId: summary.device.id },
    'open',
    writer.side,
    message.createdAt,
  );
  if (writer.side === 'customer') {
    const email = customerReplyEmail(
      { ticket: summary, author: message.author, body, at: message.createdAt },
      ticket.organizationName,
      sender,
      links,
    );
    const to = ctx.config.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
    await ctx
      .deliver({ channel: 'email', to, subject: email.subject, body: email.body })
      .catch((err: unknown) => ctx.log.error({ err }, 'the ticket reply email to support could not be sent'));
  }
  return message;
}

/** A reply posted on a ticket's route, one for each side: the routes run both the same way. */
type PostReply = (
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  body: string,
  meta: RequestMeta,
) => Promise<TicketMessage>;

/**
 * POST ticket/{id}/messages: a customer's reply on a ticket they see. In a support session it is support's
 * reply, written as the person support acts for (issue 37).
 */
export const replyToTicket: PostReply = async (ctx, auth, id, body, meta) => {
  const { user, impersonator } = auth;
  const row = await ticketInScope(ctx, user, id);
  const writer: Writer = {
    authorId: user.id,
    side: impersonator ? 'support' : 'customer',
    supportId: impersonator?.id ?? null,
  };
  const ticket = { row, organizationId: user.organizationId, organizationName: user.organization.name };
  return reply(ctx, ticket, writer, body, actorOf(auth, meta), user.username);
};

/** POST support/tickets/{id}/messages: support's reply from the support console, on any customer's ticket. */
export const supportReply: PostReply = async (ctx, auth, id, body, meta) => {
  const row = await supportTicketRow(ctx, id);
  const ticket = { row, organizationId: row.organization_id, organizationName: row.organization_name };
  const writer: Writer = { authorId: auth.user.id, side: 'support', supportId: null };
  // Logged in the customer's organization: its administrators read who answered their ticket.
  const actor = { user: { id: auth.user.id, organizationId: row.organization_id }, meta };
  return reply(ctx, ticket, writer, body, actor, auth.user.username);
};
