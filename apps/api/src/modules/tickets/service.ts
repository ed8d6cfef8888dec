import {
  AlertNoteSchema,
  ErrorIds,
  type Paged,
  type SupportTicket,
  type SupportTicketQuery,
  type Ticket,
  type TicketListQuery,
  type TicketRequest,
  type TicketStatus,
  ticketOpenForAlertMessage,
} from '@vnoc/contracts';
import { z } from 'zod';
import { actorOf, audit } from '../../auth/audit.ts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { consoleLinks } from '../../delivery/console-links.ts';
import { AppError, Errors } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { consoleUrl } from '../../plugins/config.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { isUniqueViolation } from '../../sql/errors.ts';
import { searchText } from '../../sql/fleet-query.ts';
import { pageFor, scopedList } from '../../sql/page-request.ts';
import { type Scope, scopeOf } from '../../sql/scope.ts';
import { isUuid } from '../../sql/text.ts';
import { alertForTicket } from '../alerts/service.ts';
import { findDeviceInScope } from '../devices/service.ts';
import { jobsOf, latestFinishedJobIds } from '../troubleshooting/service.ts';
import { ticketEmail } from './email.ts';
import { presentSummary, presentSupportTicket, presentTicketNote } from './present.ts';
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
  const scope = await scopeOf(ctx.db, user);
  const device = await findDeviceInScope(ctx.db, scope, deviceId);
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
  return getTicket(ctx, auth.user, id);
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
