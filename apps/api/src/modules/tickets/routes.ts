import {
  PagedSchema,
  SupportTicketQuerySchema,
  SupportTicketSchema,
  TicketListQuerySchema,
  TicketMessageSchema,
  TicketReplyRequestSchema,
  TicketRequestSchema,
  TicketSchema,
  TicketStatusRequestSchema,
  TicketSummarySchema,
  TicketThreadSchema,
} from '@vnoc/contracts';
import { customers, customerWriters, supportStaff } from '../../http/auth-rules.ts';
import { created, IdParamsSchema } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import * as tickets from './service.ts';

/** Every customer role reads the organization's tickets; administrators and users send, open and close them. */
export const ticketRoutes = moduleRoutes(['ticket'], (r, route, ctx) => {
  r.post(
    '/api/device/troubleshooting/ticket/:id',
    // Part of troubleshooting: the organization needs the diagnostics feature.
    route(
      { ...customerWriters, entitlements: ['diagnostics'] },
      {
        summary: 'Send a support ticket about the device',
        operationId: 'createTicket',
        params: IdParamsSchema,
        body: TicketRequestSchema,
        answer: TicketSchema,
      },
    ),
    async (request) =>
      tickets.createTicket(ctx, authOf(request), request.params.id, request.body, metaOf(request)),
  );

  r.get(
    '/api/ticket',
    route(customers, {
      summary: "List the organization's support tickets: a filtered, sorted page",
      operationId: 'listTickets',
      querystring: TicketListQuerySchema,
      answer: PagedSchema(TicketSummarySchema),
    }),
    async (request) => tickets.listTickets(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/ticket/:id',
    route(customers, {
      summary: 'A support ticket with its comment, diagnostics and notes',
      operationId: 'getTicket',
      params: IdParamsSchema,
      answer: TicketSchema,
    }),
    async (request) => tickets.getTicket(ctx, authOf(request).user, request.params.id),
  );

  r.get(
    '/api/support/tickets',
    route(supportStaff, {
      summary:
        "The tickets customers sent to support, every customer organization's (SUPPORT staff as themselves)",
      querystring: SupportTicketQuerySchema,
      answer: PagedSchema(SupportTicketSchema),
    }),
    async (request) => tickets.listSupportTickets(ctx, request.query),
  );

  r.post(
    '/api/ticket/:id/status',
    route(customerWriters, {
      summary: 'Open or close a support ticket',
      operationId: 'setTicketStatus',
      params: IdParamsSchema,
      body: TicketStatusRequestSchema,
      answer: TicketSchema,
    }),
    async (request) =>
      tickets.setTicketStatus(ctx, authOf(request), request.params.id, request.body.status, metaOf(request)),
  );

  // The ticket's thread (issue 37): the customer and support write to each other on the ticket.
  r.get(
    '/api/ticket/:id/messages',
    route(customers, {
      summary: "The ticket's thread with support: its newest 500 replies, oldest first",
      params: IdParamsSchema,
      answer: TicketThreadSchema,
    }),
    async (request) => tickets.ticketThread(ctx, authOf(request).user, request.params.id),
  );

  r.get(
    '/api/support/tickets/:id',
    route(supportStaff, {
      summary: "One customer's ticket (SUPPORT staff as themselves)",
      params: IdParamsSchema,
      answer: SupportTicketSchema,
    }),
    async (request) => tickets.supportTicket(ctx, request.params.id),
  );

  r.get(
    '/api/support/tickets/:id/messages',
    route(supportStaff, {
      summary: "A customer's ticket's thread (SUPPORT staff as themselves)",
      params: IdParamsSchema,
      answer: TicketThreadSchema,
    }),
    async (request) => tickets.supportTicketThread(ctx, request.params.id),
  );

  // A reply from either side: the customer's (ADMINISTRATOR, USER; support's in a support session) on the
  // ticket's page, support's from its console. It opens a closed ticket again and emails the other side.
  const replies = [
    [
      '/api/ticket/:id/messages',
      customerWriters,
      'Reply on the ticket (a closed ticket opens again); support is emailed. In a support session the reply ' +
        "is support's, written for the person support acts as, and the ticket's people are emailed.",
      tickets.replyToTicket,
    ],
    [
      '/api/support/tickets/:id/messages',
      supportStaff,
      "Support's reply on a customer's ticket (a closed ticket opens again); its people are emailed",
      tickets.supportReply,
    ],
  ] as const;
  for (const [path, rule, summary, run] of replies) {
    r.post(
      path,
      route(rule, {
        summary,
        params: IdParamsSchema,
        body: TicketReplyRequestSchema,
        response: created(TicketMessageSchema),
      }),
      async (request) => run(ctx, authOf(request), request.params.id, request.body.body, metaOf(request)),
    );
  }
});
