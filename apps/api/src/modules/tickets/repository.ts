import type { AlertNote, TicketSide, TicketSortField, TicketStatus } from '@vnoc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../plugins/db.ts';
import { type QueryFilter, ticketQueryConditions } from '../../sql/fleet-query.ts';
import { personName, personNameOf } from '../../sql/names.ts';
import type { ListRequest } from '../../sql/page-request.ts';
import { pageOf, sortDirection } from '../../sql/paging.ts';
import { onlyRow } from '../../sql/rows.ts';
import { type Scope, siteInScope } from '../../sql/scope.ts';
import { containsPattern } from '../../sql/text.ts';

export type TicketRow = {
  id: string;
  number: number;
  subject: string;
  comment: string;
  status: TicketStatus;
  device: Record<string, unknown>;
  site: Record<string, unknown>;
  job_ids: string[];
  emailed_to: string;
  created_by: string;
  created_by_name: string;
  created_by_support: string | null;
  created_by_support_name: string | null;
  created_at: Date;
  updated_at: Date;
  alert: Record<string, unknown> | null;
  alert_notes: Record<string, unknown>[];
};

const columns = sql`t.id, t.number, t.subject, t.comment, t.status, t.device, t.site, t.job_ids, t.emailed_to,
  t.created_by, ${personName()} as created_by_name,
  t.created_by_support, ${personNameOf(sql`t.created_by_support`)} as created_by_support_name, t.created_at, t.updated_at,
  (select json_build_object('id', a.id, 'code', a.code, 'severity', a.severity, 'status', a.state)
     from alerts a where a.id = t.alert_id) as alert, t.alert_notes`;
const from = sql`tickets t
  join sites s on s.id = t.site_id
  join users u on u.id = t.created_by
  left join contacts c on c.user_id = u.id`;
/** Tickets of the scope: the organization's, on sites the caller sees. */
const inScope = (scope: Scope) => sql`t.organization_id = ${scope.organizationId} and ${siteInScope(scope)}`;

export type NewTicket = {
  organizationId: string;
  deviceId: string;
  siteId: string;
  subject: string;
  comment: string;
  device: Record<string, unknown>;
  site: Record<string, unknown>;
  jobIds: string[];
  emailedTo: string;
  createdBy: string;
  /** The support person who sent it acting as `createdBy` (issue 37). */
  createdBySupport: string | null;
  /** The alert it is sent from, and that alert's notes then (issue 37). */
  alertId: string | null;
  alertNotes: AlertNote[];
};

/** Numbers start here in each organization. */
export const FIRST_TICKET_NUMBER = 1001;

/**
 * Stores a ticket with the organization's next number. Call inside a transaction: a transaction-scoped
 * lock per organization makes concurrent tickets take consecutive numbers.
 */
export async function insertTicket(db: DbOrTx, t: NewTicket): Promise<{ id: string; number: number }> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`tickets:${t.organizationId}`}, 0))`);
  const { rows } = await db.execute<{ id: string; number: number }>(sql`
    insert into tickets (organization_id, number, device_id, site_id, subject, comment, device, site, job_ids,
      emailed_to, created_by, created_by_support, alert_id, alert_notes)
    values (${t.organizationId},
      (select coalesce(max(number) + 1, ${FIRST_TICKET_NUMBER}) from tickets where organization_id = ${t.organizationId}),
      ${t.deviceId}, ${t.siteId}, ${t.subject}, ${t.comment},
      ${JSON.stringify(t.device)}::jsonb, ${JSON.stringify(t.site)}::jsonb,
      ${`{${t.jobIds.join(',')}}`}::uuid[], ${t.emailedTo}, ${t.createdBy}, ${t.createdBySupport},
      ${t.alertId}, ${JSON.stringify(t.alertNotes)}::jsonb)
    returning id, number`);
  return onlyRow(rows, 'the ticket was not stored');
}

export async function findTicket(db: DbOrTx, scope: Scope, id: string): Promise<TicketRow | undefined> {
  const { rows } = await db.execute<TicketRow>(
    sql`select ${columns} from ${from} where t.id = ${id} and ${inScope(scope)}`,
  );
  return rows[0];
}

/** The alert's open ticket, if it has one (an alert has one open ticket at a time). */
export async function openTicketOfAlert(db: DbOrTx, alertId: string) {
  const { rows } = await db.execute<{ id: string; number: number }>(
    sql`select id, number from tickets where alert_id = ${alertId} and status = 'open'`,
  );
  return rows[0];
}

/** The alert a ticket was sent from (null when none), whatever the scope: the caller has found the ticket. */
export async function alertIdOfTicket(db: DbOrTx, id: string): Promise<string | null> {
  const { rows } = await db.execute<{ alert_id: string | null }>(
    sql`select alert_id from tickets where id = ${id}`,
  );
  return rows[0]?.alert_id ?? null;
}

export type TicketNoteRow = { id: string; kind: 'alert_cleared'; at: Date };

/** What vNOC wrote on the ticket since it was sent, oldest first. */
export async function notesOfTicket(db: DbOrTx, ticketId: string): Promise<TicketNoteRow[]> {
  const { rows } = await db.execute<TicketNoteRow>(
    sql`select id, kind, at from ticket_notes where ticket_id = ${ticketId} order by at, id`,
  );
  return rows;
}

export async function deleteTicket(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`delete from tickets where id = ${id}`);
}

export async function setTicketStatus(db: DbOrTx, scope: Scope, id: string, status: TicketStatus) {
  const { rows } = await db.execute<{ id: string }>(sql`
    update tickets t set status = ${status}, updated_at = now()
    from sites s
    where s.id = t.site_id and t.id = ${id} and ${inScope(scope)}
    returning t.id`);
  return rows.length > 0;
}

const SORT: Record<TicketSortField, SQL> = {
  number: sql`t.number`,
  subject: sql`lower(t.subject)`,
  status: sql`t.status`,
  createdAt: sql`t.created_at`,
  updatedAt: sql`t.updated_at`,
};

export type TicketFilters = { status?: TicketStatus; deviceId?: string; q?: string; query?: QueryFilter };

/** A ticket's words as sent: its subject, number, site and device names (the snapshot it keeps). */
function ticketText(q: string): SQL {
  const text = containsPattern(q);
  return sql`(t.subject ilike ${text} or t.site->>'name' ilike ${text} or t.device->>'name' ilike ${text}
    or t.number::text = ${q})`;
}

export function listTickets(
  db: DbOrTx,
  scope: Scope,
  { filters, sort, page, pageSize }: ListRequest<TicketFilters, TicketSortField>,
) {
  const where = sql.join(
    [
      inScope(scope),
      filters.status ? sql`t.status = ${filters.status}` : undefined,
      filters.deviceId ? sql`t.device_id = ${filters.deviceId}` : undefined,
      filters.q ? ticketText(filters.q) : undefined,
      ...(filters.query ? ticketQueryConditions(filters.query) : []),
    ].filter((c): c is SQL => c !== undefined),
    sql` and `,
  );
  return pageOf<TicketRow>(db, {
    columns,
    from,
    countFrom: sql`tickets t join sites s on s.id = t.site_id`,
    where,
    orderBy: sql`${SORT[sort.field]} ${sortDirection(sort.desc)}, t.number desc`,
    page,
    pageSize,
  });
}

/** The site as a ticket records it: its name and one-line address. */
export async function ticketSite(db: DbOrTx, siteId: string) {
  const { rows } = await db.execute<{ id: string; name: string; address: string }>(sql`
    select id, name,
      concat_ws(', ', nullif(street, ''), nullif(city, ''), nullif(concat_ws(' ', nullif(state, ''), nullif(zip, '')), ''), country) as address
    from sites where id = ${siteId}`);
  return onlyRow(rows, 'the device has no site');
}

export type SupportTicketRow = TicketRow & { organization_id: string; organization_name: string };
export type SupportTicketFilters = { status?: TicketStatus; q?: string };

/**
 * Every customer organization's tickets, for the provider's support staff (issue 37): they were sent to
 * support. The provider's own organization is never listed (it has no customers' tickets).
 */
export function listSupportTickets(
  db: DbOrTx,
  { filters, sort, page, pageSize }: ListRequest<SupportTicketFilters, TicketSortField>,
) {
  const where = sql.join(
    [
      sql`o.kind = 'customer'`,
      filters.status ? sql`t.status = ${filters.status}` : undefined,
      filters.q ? sql`(${ticketText(filters.q)} or o.name ilike ${containsPattern(filters.q)})` : undefined,
    ].filter((c): c is SQL => c !== undefined),
    sql` and `,
  );
  return pageOf<SupportTicketRow>(db, {
    columns: sql`${columns}, o.id as organization_id, o.name as organization_name`,
    from: sql`${from} join organizations o on o.id = t.organization_id`,
    countFrom: sql`tickets t join organizations o on o.id = t.organization_id`,
    where,
    orderBy: sql`${SORT[sort.field]} ${sortDirection(sort.desc)}, t.created_at desc, t.id`,
    page,
    pageSize,
  });
}

/** One customer organization's ticket, for the provider's support staff (issue 37): any customer's, by id. */
export async function findSupportTicket(db: DbOrTx, id: string): Promise<SupportTicketRow | undefined> {
  const { rows } = await db.execute<SupportTicketRow>(sql`
    select ${columns}, o.id as organization_id, o.name as organization_name
    from ${from} join organizations o on o.id = t.organization_id
    where t.id = ${id} and o.kind = 'customer'`);
  return rows[0];
}

export type TicketMessageRow = {
  id: string;
  side: TicketSide;
  author_id: string;
  author_name: string;
  support_id: string | null;
  support_name: string | null;
  body: string;
  created_at: Date;
};

const messageColumns = sql`m.id, m.side, m.author_id, ${personNameOf(sql`m.author_id`)} as author_name,
  m.support_id, ${personNameOf(sql`m.support_id`)} as support_name, m.body, m.created_at`;

/** The ticket's newest `limit` replies, oldest first (the caller has found the ticket in its scope). */
export async function messagesOfTicket(
  db: DbOrTx,
  ticketId: string,
  limit: number,
): Promise<TicketMessageRow[]> {
  const { rows } = await db.execute<TicketMessageRow>(sql`
    select * from (
      select ${messageColumns} from ticket_messages m where m.ticket_id = ${ticketId}
      order by m.created_at desc, m.id desc limit ${limit}
    ) newest order by created_at, id`);
  return rows;
}

export async function findTicketMessage(db: DbOrTx, id: string): Promise<TicketMessageRow> {
  const { rows } = await db.execute<TicketMessageRow>(
    sql`select ${messageColumns} from ticket_messages m where m.id = ${id}`,
  );
  return onlyRow(rows, 'the reply is not readable');
}

export type NewTicketMessage = {
  ticketId: string;
  authorId: string;
  side: TicketSide;
  supportId: string | null;
  body: string;
};

/**
 * Stores a reply and opens its ticket again if it was closed (a reply asks for an answer); call inside a
 * transaction. Answers the reply's id and whether the ticket was reopened.
 */
export async function insertTicketMessage(
  db: DbOrTx,
  m: NewTicketMessage,
): Promise<{ id: string; reopened: boolean }> {
  const { rows: before } = await db.execute<{ status: TicketStatus }>(
    sql`select status from tickets where id = ${m.ticketId} for update`,
  );
  await db.execute(sql`update tickets set status = 'open', updated_at = now() where id = ${m.ticketId}`);
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into ticket_messages (ticket_id, author_id, side, support_id, body)
    values (${m.ticketId}, ${m.authorId}, ${m.side}, ${m.supportId}, ${m.body})
    returning id`);
  return { id: onlyRow(rows, 'the reply was not stored').id, reopened: before[0]?.status === 'closed' };
}

export type TicketPerson = { id: string; username: string; language: string | null };

/**
 * Who a support reply is told to (issue 37): the ticket's sender and the customer's people who replied on it,
 * those still active, each with their language.
 */
export async function ticketPeople(db: DbOrTx, ticketId: string): Promise<TicketPerson[]> {
  const { rows } = await db.execute<TicketPerson>(sql`
    select u.id, u.username,
      (select p.value from user_preferences p where p.user_id = u.id and p.name = 'language' order by p.id limit 1) as language
    from users u
    where u.status = 'active' and u.id in (
      select created_by from tickets where id = ${ticketId}
      union select author_id from ticket_messages where ticket_id = ${ticketId} and side = 'customer')
    order by u.username`);
  return rows;
}
