import {
  PagedSchema,
  SupportTicketQuerySchema,
  SupportTicketSchema,
  TicketListQuerySchema,
  TicketRequestSchema,
  TicketSchema,
  TicketStatusRequestSchema,
  TicketSummarySchema,
} from '@vnoc/contracts';
import { customers, IdParamsSchema } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { type AuthRule, authOf, metaOf } from '../../plugins/auth.ts';
import * as tickets from './service.ts';

const writers: AuthRule['roles'] = ['ADMINISTRATOR', 'USER'];
/** Every customer role reads the organization's tickets. */
const reader: AuthRule = customers;

export const ticketRoutes = moduleRoutes(['ticket'], (r, route, ctx) => {
  r.post(
    '/api/device/troubleshooting/ticket/:id',
    // Part of troubleshooting: the organization needs the diagnostics feature.
    route(
      { steps: ['full'], roles: writers, entitlements: ['diagnostics'] },
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
    route(reader, {
      summary: "List the organization's support tickets: a filtered, sorted page",
      operationId: 'listTickets',
      querystring: TicketListQuerySchema,
      answer: PagedSchema(TicketSummarySchema),
    }),
    async (request) => tickets.listTickets(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/ticket/:id',
    route(reader, {
      summary: 'A support ticket with its comment, diagnostics and notes',
      operationId: 'getTicket',
      params: IdParamsSchema,
      answer: TicketSchema,
    }),
    async (request) => tickets.getTicket(ctx, authOf(request).user, request.params.id),
  );

  r.get(
    '/api/support/tickets',
    route(
      { steps: ['full'], roles: ['SUPPORT'], notImpersonated: true },
      {
        summary:
          "The tickets customers sent to support, every customer organization's (SUPPORT staff as themselves)",
        querystring: SupportTicketQuerySchema,
        answer: PagedSchema(SupportTicketSchema),
      },
    ),
    async (request) => tickets.listSupportTickets(ctx, request.query),
  );

  r.post(
    '/api/ticket/:id/status',
    route(
      { steps: ['full'], roles: writers },
      {
        summary: 'Open or close a support ticket',
        operationId: 'setTicketStatus',
        params: IdParamsSchema,
        body: TicketStatusRequestSchema,
        answer: TicketSchema,
      },
    ),
    async (request) =>
      tickets.setTicketStatus(ctx, authOf(request), request.params.id, request.body.status, metaOf(request)),
  );
});
