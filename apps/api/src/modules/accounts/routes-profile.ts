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
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { personal, signedInAsSelf, supportStaff } from '../../http/auth-rules.ts';
import { OK, okResponses } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { type AuthRule, authOf, metaOf, sendToken } from '../../plugins/auth.ts';
import { adminUserRoutes } from './routes-admin.ts';
import * as profile from './service-profile.ts';

/** Signed in, or at sign-up's email step. */
const fullOrEmailStep: AuthRule = { steps: ['email', 'full'], notApiKey: true };
const enrolment: AuthRule = { steps: ['mfa', 'full'], mfa: 'not-enrolled', notImpersonated: true };
const isAlt = (query: { alt?: 'true' | 'false' }) => query.alt === 'true';

/** The person's own profile (`personal`: never with an API key, issue 38). */
export const profileRoutes = moduleRoutes(['userProfile'], (r, route, ctx, app) => {
  adminUserRoutes(app, ctx);
  /** A change that renews the caller's session: its answer is the new token (`sendToken`), as a sign-in's is. */
  const renewing =
    <R>(change: (request: R) => Promise<Parameters<typeof sendToken>[2]>) =>
    async (request: R, reply: FastifyReply) =>
      sendToken(ctx, reply, await change(request));

  r.get(
    '/api/userProfile',
    route(personal, {
      summary: "The caller's own profile: name, role, contacts, factors and preferences",
      answer: UserSchema,
    }),
    async (request) => profile.getProfile(ctx, authOf(request).user),
  );

  r.post(
    '/api/userProfile/updateContact',
    route(personal, {
      summary: "Change the caller's name, title, company and contact details",
      body: UpdateContactRequestSchema,
      answer: UserSchema,
    }),
    async (request) => profile.updateContact(ctx, authOf(request), request.body),
  );

  r.post(
    '/api/userProfile/updateUserPreferences',
    route(personal, {
      summary: "Change the caller's preferences (language, theme, analytics)",
      body: UpdatePreferencesRequestSchema,
      answer: z.array(UserPreferenceSchema),
    }),
    async (request) => profile.updatePreferences(ctx, authOf(request).user, request.body),
  );

  // A code to the registered (or, with ?alt=true, the contact) email or mobile; the email one also serves sign-up.
  const sendCodeRoutes: [string, string, AuthRule, typeof profile.sendEmailCode][] = [
    ['registered-email', 'e-mail address', fullOrEmailStep, profile.sendEmailCode],
    ['registered-mobile', 'mobile number', personal, profile.sendMobileCode],
  ];
  for (const [address, name, auth, send] of sendCodeRoutes) {
    r.post(
      `/api/userProfile/${address}/send-code`,
      route(
        auth,
        {
          summary: `Send a code proving the caller's ${name} (\`alt=true\`: the contact one)`,
          querystring: AltQuerySchema,
          response: okResponses,
        },
        { sendsCode: true },
      ),
      async (request) => {
        await send(ctx, authOf(request), isAlt(request.query));
        return OK;
      },
    );
  }

  r.post(
    '/api/userProfile/registered-email/verify-code',
    route(fullOrEmailStep, {
      summary: "Prove the caller's e-mail address with the code sent to it",
      querystring: AltQuerySchema,
      body: CodeRequestSchema,
      response: okResponses,
    }),
    renewing((request) =>
      profile.verifyEmailCode(ctx, authOf(request), isAlt(request.query), request.body.code, metaOf(request)),
    ),
  );

  r.post(
    '/api/userProfile/registered-mobile/verify-code',
    route(personal, {
      summary: "Prove the caller's mobile number with the code sent to it",
      querystring: AltQuerySchema,
      body: CodeRequestSchema,
      response: okResponses,
    }),
    async (request) => {
      await profile.verifyMobileCode(ctx, authOf(request), isAlt(request.query), request.body.code);
      return OK;
    },
  );

  r.post(
    '/api/userProfile/mfa/getQRCodePdi',
    route(enrolment, {
      summary: 'Start enrolling an authenticator app: its secret as a link and a QR code',
      body: QrCodeRequestSchema,
      answer: QrCodeResponseSchema,
    }),
    async (request) => profile.getQrCode(ctx, authOf(request), request.body.reenroll),
  );

  r.post(
    '/api/userProfile/mfa/enrollWithApp',
    route(enrolment, {
      summary: 'Finish enrolling an authenticator app with one of its codes',
      body: TotpRequestSchema,
      response: okResponses,
    }),
    renewing((request) => profile.enrollWithApp(ctx, authOf(request), request.body.totp, metaOf(request))),
  );

  for (const [channel, name] of [
    ['sms', 'SMS'],
    ['voice', 'Voice'],
  ] as const) {
    r.post(
      `/api/userProfile/mfa/send${name}EnrollCode`,
      route(
        enrolment,
        {
          summary: `Start enrolling a phone for ${channel === 'sms' ? 'SMS' : 'voice'} codes: send it a code`,
          body: PhoneEnrollRequestSchema,
          response: okResponses,
        },
        { sendsCode: true },
      ),
      async (request) => {
        await profile.sendPhoneEnrollCode(ctx, authOf(request), channel, request.body.phoneNumber);
        return OK;
      },
    );
    r.post(
      `/api/userProfile/mfa/enrollWith${name}`,
      route(enrolment, {
        summary: `Finish enrolling a phone for ${channel === 'sms' ? 'SMS' : 'voice'} codes with the code sent`,
        body: TotpRequestSchema,
        response: okResponses,
      }),
      renewing((request) =>
        profile.enrollWithPhone(ctx, authOf(request), channel, request.body.totp, metaOf(request)),
      ),
    );
  }

  r.post(
    '/api/userProfile/updatePassword',
    route(
      { steps: ['password', 'full'], notImpersonated: true },
      { summary: "Change the caller's password", body: UpdatePasswordRequestSchema, response: okResponses },
    ),
    renewing((request) =>
      profile.updatePassword(ctx, authOf(request), request.body.password, metaOf(request)),
    ),
  );

  r.post(
    '/api/userProfile/unenroll',
    route(signedInAsSelf, {
      summary: "Remove one of the caller's second factors",
      body: UnenrollRequestSchema,
      response: okResponses,
    }),
    renewing((request) => profile.unenroll(ctx, authOf(request), request.body.method, metaOf(request))),
  );

  r.post(
    '/api/userProfile/impersonate/generate',
    route(supportStaff, {
      summary: 'Make a one-time access code to act as a customer person (SUPPORT staff)',
      body: ImpersonateGenerateRequestSchema,
      answer: ImpersonateGenerateResponseSchema,
    }),
    async (request) => profile.generateAccessCode(ctx, authOf(request), request.body.userId, metaOf(request)),
  );
});
