import type {
  Paged,
  SupportTicket,
  SupportTicketQuery,
  Ticket,
  TicketListQuery,
  TicketRequest,
  TicketStatus,
} from '@vnoc/contracts';
import { actorOf, audit } from '../../auth/audit.ts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { consoleLinks } from '../../delivery/console-links.ts';
import { AppError, Errors } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { consoleUrl } from '../../plugins/config.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { pageFor, scopedList } from '../../sql/page-request.ts';
import { type Scope, scopeOf } from '../../sql/scope.ts';
import { isUuid } from '../../sql/text.ts';
import { findDeviceInScope } from '../devices/service.ts';
import { jobsOf, latestFinishedJobIds } from '../troubleshooting/service.ts';
import { ticketEmail } from './email.ts';
import { presentSummary, presentSupportTicket } from './present.ts';
import * as repo from './repository.ts';

/** Where tickets go when SUPPORT_EMAIL is not set. */
export const DEFAULT_SUPPORT_EMAIL = 'support@vnoc.example';
export const DELIVERY_FAILED = 'The support ticket could not be sent. Please try again.';

async function presentTicket(db: DbOrTx, scope: Scope, row: repo.TicketRow): Promise<Ticket> {
  return {
    ...presentSummary(row),
    comment: row.comment,
    emailedTo: row.emailed_to,
    diagnostics: await jobsOf(db, scope, row.job_ids),
  };
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
  const ticket = await ctx.db.transaction(async (tx) => {
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
    });
    const row = await repo.findTicket(tx, scope, id);
    if (!row) throw new Error('the new ticket is not readable');
    return presentTicket(tx, scope, row);
  });
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
    detail: { number: ticket.number, deviceId: device.id, emailedTo },
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
  ({ status, deviceId }: TicketListQuery) => ({ status, deviceId }),
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
  if (!(await repo.setTicketStatus(ctx.db, scope, id, status))) throw Errors.notFound();
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
