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
import { z } from 'zod';
import { OK, okResponses, signedInAsSelf, supportStaff } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { type AuthRule, authOf, metaOf, sendToken } from '../../plugins/auth.ts';
import { adminUserRoutes } from './routes-admin.ts';
import * as profile from './service-profile.ts';

/** The person's own profile: never with an API key (issue 38). */
const full: AuthRule = { steps: ['full'], notApiKey: true };
/** Signed in, or at sign-up's email step. */
const fullOrEmailStep: AuthRule = { steps: ['email', 'full'], notApiKey: true };
const enrolment: AuthRule = { steps: ['mfa', 'full'], mfa: 'not-enrolled', notImpersonated: true };
const isAlt = (query: { alt?: 'true' | 'false' }) => query.alt === 'true';

export const profileRoutes = moduleRoutes(['userProfile'], (r, route, ctx, app) => {
  adminUserRoutes(app, ctx);

  r.get('/api/userProfile', route(full, { answer: UserSchema }), async (request) =>
    profile.getProfile(ctx, authOf(request).user),
  );

  r.post(
    '/api/userProfile/updateContact',
    route(full, { body: UpdateContactRequestSchema, answer: UserSchema }),
    async (request) => profile.updateContact(ctx, authOf(request), request.body),
  );

  r.post(
    '/api/userProfile/updateUserPreferences',
    route(full, { body: UpdatePreferencesRequestSchema, answer: z.array(UserPreferenceSchema) }),
    async (request) => profile.updatePreferences(ctx, authOf(request).user, request.body),
  );

  // A code to the registered (or, with ?alt=true, the contact) email or mobile; the email one also serves sign-up.
  const sendCodeRoutes: [string, AuthRule, typeof profile.sendEmailCode][] = [
    ['registered-email', fullOrEmailStep, profile.sendEmailCode],
    ['registered-mobile', full, profile.sendMobileCode],
  ];
  for (const [address, auth, send] of sendCodeRoutes) {
    r.post(
      `/api/userProfile/${address}/send-code`,
      route(auth, { querystring: AltQuerySchema, response: okResponses }, { sendsCode: true }),
      async (request) => {
        await send(ctx, authOf(request), isAlt(request.query));
        return OK;
      },
    );
  }

  r.post(
    '/api/userProfile/registered-email/verify-code',
    route(fullOrEmailStep, { querystring: AltQuerySchema, body: CodeRequestSchema, response: okResponses }),
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
    route(full, { querystring: AltQuerySchema, body: CodeRequestSchema, response: okResponses }),
    async (request) => {
      await profile.verifyMobileCode(ctx, authOf(request), isAlt(request.query), request.body.code);
      return OK;
    },
  );

  r.post(
    '/api/userProfile/mfa/getQRCodePdi',
    route(enrolment, { body: QrCodeRequestSchema, answer: QrCodeResponseSchema }),
    async (request) => profile.getQrCode(ctx, authOf(request), request.body.reenroll),
  );

  r.post(
    '/api/userProfile/mfa/enrollWithApp',
    route(enrolment, { body: TotpRequestSchema, response: okResponses }),
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
      route(enrolment, { body: PhoneEnrollRequestSchema, response: okResponses }, { sendsCode: true }),
      async (request) => {
        await profile.sendPhoneEnrollCode(ctx, authOf(request), channel, request.body.phoneNumber);
        return OK;
      },
    );
    r.post(
      `/api/userProfile/mfa/enrollWith${name}`,
      route(enrolment, { body: TotpRequestSchema, response: okResponses }),
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
    route(
      { steps: ['password', 'full'], notImpersonated: true },
      { body: UpdatePasswordRequestSchema, response: okResponses },
    ),
    async (request, reply) =>
      sendToken(
        ctx,
        reply,
        await profile.updatePassword(ctx, authOf(request), request.body.password, metaOf(request)),
      ),
  );

  r.post(
    '/api/userProfile/unenroll',
    route(signedInAsSelf, { body: UnenrollRequestSchema, response: okResponses }),
    async (request, reply) =>
      sendToken(
        ctx,
        reply,
        await profile.unenroll(ctx, authOf(request), request.body.method, metaOf(request)),
      ),
  );

  r.post(
    '/api/userProfile/impersonate/generate',
    route(supportStaff, {
      body: ImpersonateGenerateRequestSchema,
      answer: ImpersonateGenerateResponseSchema,
    }),
    async (request) => profile.generateAccessCode(ctx, authOf(request), request.body.userId, metaOf(request)),
  );
});
