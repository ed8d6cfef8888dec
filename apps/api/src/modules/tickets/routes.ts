import {
  PagedSchema,
  TicketListQuerySchema,
  TicketRequestSchema,
  TicketSchema,
  TicketStatusRequestSchema,
  TicketSummarySchema,
} from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { answers, IdParamsSchema } from '../../http/route-schemas.ts';
import { type AuthRule, authOf, metaOf } from '../../plugins/auth.ts';
import * as tickets from './service.ts';

const tags = ['ticket'];
const writers: AuthRule['roles'] = ['ADMINISTRATOR', 'USER'];
/** Every customer role reads the organization's tickets. */
const reader: AuthRule = { steps: ['full'], roles: ['ADMINISTRATOR', 'USER', 'READ_ONLY'] };

export function ticketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/device/troubleshooting/ticket/:id',
    {
      schema: {
        tags,
        summary: 'Send a support ticket about the device',
        params: IdParamsSchema,
        body: TicketRequestSchema,
        response: answers(TicketSchema),
      },
      // Part of troubleshooting: the organization needs the diagnostics feature.
      config: { auth: { steps: ['full'], roles: writers, entitlements: ['diagnostics'] } },
    },
    async (request) =>
      tickets.createTicket(ctx, authOf(request), request.params.id, request.body, metaOf(request)),
  );

  r.get(
    '/api/ticket',
    {
      schema: {
        tags,
        querystring: TicketListQuerySchema,
        response: answers(PagedSchema(TicketSummarySchema)),
      },
      config: { auth: reader },
    },
    async (request) => tickets.listTickets(ctx, authOf(request).user, request.query),
  );

  r.get(
    '/api/ticket/:id',
    {
      schema: { tags, params: IdParamsSchema, response: answers(TicketSchema) },
      config: { auth: reader },
    },
    async (request) => tickets.getTicket(ctx, authOf(request).user, request.params.id),
  );

  r.post(
    '/api/ticket/:id/status',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: TicketStatusRequestSchema,
        response: answers(TicketSchema),
      },
      config: { auth: { steps: ['full'], roles: writers } },
    },
    async (request) =>
      tickets.setTicketStatus(ctx, authOf(request), request.params.id, request.body.status, metaOf(request)),
  );
}
