import {
  AltQuerySchema,
  CodeRequestSchema,
  ImpersonateGenerateRequestSchema,
  ImpersonateGenerateResponseSchema,
  PhoneEnrollRequestSchema,
  QrCodeRequestSchema,
  QrCodeResponseSchema,
  TotpRequestSchema,
  UnenrollRequestSchema,
  UpdateContactRequestSchema,
  UpdatePasswordRequestSchema,
  UpdatePreferencesRequestSchema,
  UserPreferenceSchema,
  UserSchema,
} from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses, OK, okResponses } from '../../http/route-schemas.ts';
import { type AuthRule, authOf, metaOf, sendToken } from '../../plugins/auth.ts';
import { adminUserRoutes } from './routes-admin.ts';
import * as profile from './service-profile.ts';

const tags = ['userProfile'];
const full: AuthRule = { steps: ['full'] };
const enrolment: AuthRule = { steps: ['mfa', 'full'], mfa: 'not-enrolled', notImpersonated: true };
const isAlt = (query: { alt?: 'true' | 'false' }) => query.alt === 'true';

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  adminUserRoutes(app, ctx);

  r.get(
    '/api/userProfile',
    { schema: { tags, response: { 200: UserSchema, ...errorResponses } }, config: { auth: full } },
    async (request) => profile.getProfile(ctx, authOf(request).user),
  );

  r.post(
    '/api/userProfile/updateContact',
    {
      schema: { tags, body: UpdateContactRequestSchema, response: { 200: UserSchema, ...errorResponses } },
      config: { auth: full },
    },
    async (request) => profile.updateContact(ctx, authOf(request), request.body),
  );

  r.post(
    '/api/userProfile/updateUserPreferences',
    {
      schema: {
        tags,
        body: UpdatePreferencesRequestSchema,
        response: { 200: z.array(UserPreferenceSchema), ...errorResponses },
      },
      config: { auth: full },
    },
    async (request) => profile.updatePreferences(ctx, authOf(request).user, request.body),
  );

  // A code to the registered (or, with ?alt=true, the contact) email or mobile; the email one also serves sign-up.
  const sendCodeRoutes: [string, AuthRule, typeof profile.sendEmailCode][] = [
    ['registered-email', { steps: ['email', 'full'] }, profile.sendEmailCode],
    ['registered-mobile', full, profile.sendMobileCode],
  ];
  for (const [address, auth, send] of sendCodeRoutes) {
    r.post(
      `/api/userProfile/${address}/send-code`,
      {
        schema: { tags, querystring: AltQuerySchema, response: okResponses },
        config: { auth, sendsCode: true },
      },
      async (request) => {
        await send(ctx, authOf(request), isAlt(request.query));
        return OK;
      },
    );
  }

  r.post(
    '/api/userProfile/registered-email/verify-code',
    {
      schema: { tags, querystring: AltQuerySchema, body: CodeRequestSchema, response: okResponses },
      config: { auth: { steps: ['email', 'full'] } },
    },
    async (request, reply) =>
      sendToken(
        ctx,
        reply,
        await profile.verifyEmailCode(
          ctx,
          authOf(request),
          isAlt(request.query),
          request.body.code,
          metaOf(request),
        ),
      ),
  );

  r.post(
    '/api/userProfile/registered-mobile/verify-code',
    {
      schema: { tags, querystring: AltQuerySchema, body: CodeRequestSchema, response: okResponses },
      config: { auth: full },
    },
    async (request) => {
      await profile.verifyMobileCode(ctx, authOf(request), isAlt(request.query), request.body.code);
      return OK;
    },
  );

  r.post(
    '/api/userProfile/mfa/getQRCodePdi',
    {
      schema: { tags, body: QrCodeRequestSchema, response: { 200: QrCodeResponseSchema, ...errorResponses } },
      config: { auth: enrolment },
    },
    async (request) => profile.getQrCode(ctx, authOf(request), request.body.reenroll),
  );

  r.post(
    '/api/userProfile/mfa/enrollWithApp',
    { schema: { tags, body: TotpRequestSchema, response: okResponses }, config: { auth: enrolment } },
    async (request, reply) =>
      sendToken(
        ctx,
        reply,
        await profile.enrollWithApp(ctx, authOf(request), request.body.totp, metaOf(request)),
      ),
  );

  for (const [channel, name] of [
    ['sms', 'SMS'],
    ['voice', 'Voice'],
  ] as const) {
    r.post(
      `/api/userProfile/mfa/send${name}EnrollCode`,
      {
        schema: { tags, body: PhoneEnrollRequestSchema, response: okResponses },
        config: { auth: enrolment, sendsCode: true },
      },
      async (request) => {
        await profile.sendPhoneEnrollCode(ctx, authOf(request), channel, request.body.phoneNumber);
        return OK;
      },
    );
    r.post(
      `/api/userProfile/mfa/enrollWith${name}`,
      { schema: { tags, body: TotpRequestSchema, response: okResponses }, config: { auth: enrolment } },
      async (request, reply) =>
        sendToken(
          ctx,
          reply,
          await profile.enrollWithPhone(ctx, authOf(request), channel, request.body.totp, metaOf(request)),
        ),
    );
  }

  r.post(
    '/api/userProfile/updatePassword',
    {
      schema: { tags, body: UpdatePasswordRequestSchema, response: okResponses },
      config: { auth: { steps: ['password', 'full'], notImpersonated: true } },
    },
    async (request, reply) =>
      sendToken(
        ctx,
        reply,
        await profile.updatePassword(ctx, authOf(request), request.body.password, metaOf(request)),
      ),
  );

  r.post(
    '/api/userProfile/unenroll',
    {
      schema: { tags, body: UnenrollRequestSchema, response: okResponses },
      config: { auth: { steps: ['full'], notImpersonated: true } },
    },
    async (request, reply) =>
      sendToken(
        ctx,
        reply,
        await profile.unenroll(ctx, authOf(request), request.body.method, metaOf(request)),
      ),
  );

  r.post(
    '/api/userProfile/impersonate/generate',
    {
      schema: {
        tags,
        body: ImpersonateGenerateRequestSchema,
        response: { 200: ImpersonateGenerateResponseSchema, ...errorResponses },
      },
      config: { auth: { steps: ['full'], roles: ['SUPPORT'], notImpersonated: true } },
    },
    async (request) => profile.generateAccessCode(ctx, authOf(request), request.body.userId, metaOf(request)),
  );
}
