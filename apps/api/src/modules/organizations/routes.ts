import {
  EmailSchema,
  OrganizationRefSchema,
  OrganizationSchema,
  SendDomainVerificationRequestSchema,
  UpdateOrganizationRequestSchema,
  VerifyDomainRequestSchema,
} from '@vnoc/contracts';
import { z } from 'zod';
import { administrators, administratorsAsSelf, signedIn } from '../../http/auth-rules.ts';
import { errorResponses, IdParamsSchema, noContent } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { type AuthRule, authOf, metaOf } from '../../plugins/auth.ts';
import { clientKeyOf } from '../../plugins/client-address.ts';
import { lookupOrganization, presentOrganizationRef } from '../accounts/index.ts';
import * as domains from './domains.ts';
import * as organizations from './service.ts';

const tags = ['organization'];
/**
 * Issue 34: settings that would outlive a support session (who signs in through single sign-on, whose
 * addresses join, whether support may act at all) are not support's to change while acting as a customer.
 */
const adminSettingsNotSupport: AuthRule = {
  ...administrators,
  notImpersonated: { fields: ['ssoIssuer', 'ssoClientId', 'emailDomains', 'supportAccess'] },
};

export const organizationRoutes = moduleRoutes(tags, (r, route, ctx) => {
  r.get(
    '/api/organization/username/:name',
    {
      schema: {
        tags,
        summary: 'How a username signs in: its organization, and its identity provider if any',
        params: z.object({ name: EmailSchema }),
        response: { 200: OrganizationRefSchema, ...errorResponses },
      },
    },
    async (request) => {
      // Public and answering about any address: limited per client address against harvesting.
      await ctx.limiter.hit(`org-lookup:${clientKeyOf(request.ip)}`, 30, 60_000);
      // Only id and name ever leave: the caller may not belong to this organization.
      return presentOrganizationRef(await lookupOrganization(ctx, request.params.name));
    },
  );

  r.get(
    '/api/organization/:id',
    route(signedIn, {
      summary:
        'Your organization: details, administrators, support contact (and settings for administrators)',
      params: IdParamsSchema,
      answer: OrganizationSchema,
    }),
    async (request) => organizations.getOrganization(ctx, authOf(request), request.params.id),
  );

  r.put(
    '/api/organization/:id',
    route(adminSettingsNotSupport, {
      summary: 'Change the organization (ADMINISTRATOR): only the fields the body names',
      params: IdParamsSchema,
      body: UpdateOrganizationRequestSchema,
      answer: OrganizationSchema,
    }),
    async (request) =>
      organizations.updateOrganization(
        ctx,
        authOf(request),
        request.params.id,
        request.body,
        metaOf(request),
      ),
  );

  r.post(
    '/api/organization/:id/domains/verification-email',
    route(administratorsAsSelf, {
      summary:
        'Email a code proving one of the listed domains to a mailbox at it (ADMINISTRATOR; admin@, administrator@, hostmaster@, postmaster@, webmaster@ or your own address there)',
      params: IdParamsSchema,
      body: SendDomainVerificationRequestSchema,
      response: noContent,
    }),
    async (request) =>
      domains.sendDomainVerification(ctx, authOf(request), request.params.id, request.body, metaOf(request)),
  );

  r.post(
    '/api/organization/:id/domains/verify',
    route(administratorsAsSelf, {
      summary: 'Prove a listed domain with the emailed code (ADMINISTRATOR): it becomes verified',
      params: IdParamsSchema,
      body: VerifyDomainRequestSchema,
      answer: OrganizationSchema,
    }),
    async (request) =>
      domains.verifyDomain(ctx, authOf(request), request.params.id, request.body, metaOf(request)),
  );
});
