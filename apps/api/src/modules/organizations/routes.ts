import { EmailSchema, OrganizationRefSchema } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { lookupOrganization } from '../access/service.ts';
import { errorResponses } from '../route-schemas.ts';
import { presentOrganizationRef } from '../users/present.ts';

export function organizationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/organization/username/:name',
    {
      schema: {
        tags: ['organization'],
        params: z.object({ name: EmailSchema }),
        response: { 200: OrganizationRefSchema, ...errorResponses },
      },
    },
    async (request) => {
      // Public and answering about any address: limited per client address against harvesting.
      ctx.limiter.hit(`org-lookup:${request.ip}`, 30, 60_000);
      // Only id and name ever leave: the caller may not belong to this organization.
      return presentOrganizationRef(await lookupOrganization(ctx, request.params.name));
    },
  );
}
