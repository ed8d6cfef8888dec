import {
  AcceptInvitationRequestSchema,
  ImpersonateExchangeRequestSchema,
  ImpersonationSessionSchema,
  InvitationCheckRequestSchema,
  InvitationSchema,
  LoginRequestSchema,
  PwResetParamsSchema,
  ReauthenticateRequestSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  SendTotpRequestSchema,
  TotpRequestSchema,
  VerifyEmailCodeRequestSchema,
} from '@vnoc/contracts';
import { personal, signedInAsSelf } from '../../http/auth-rules.ts';
import { errorResponses, OK, okResponses } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { type AuthRule, authOf, metaOf, sendToken } from '../../plugins/auth.ts';
import { clientKeyOf } from '../../plugins/client-address.ts';
import * as invitations from './service-admin.ts';
import * as access from './service-sign-in.ts';
import * as supportSession from './service-support-access.ts';

const tags = ['access'];
/** Signed in with the password, the second factor still to give. */
const mfaStep: AuthRule = { steps: ['mfa'], mfa: 'enrolled' };

/** Signing in and out, registering, invitations and password resets: public but for the `route(rule, …)` ones. */
export const signInRoutes = moduleRoutes(tags, (r, route, ctx) => {
  r.post(
    '/api/login',
    {
      schema: {
        tags,
        summary: 'Sign in with a username and password',
        description:
          'Answers `{ ok: true }` and the session token in the `Authorization` response header. The token may ' +
          'be of a first step only (a second factor, an e-mail check or a new password still to give): the ' +
          'claims in the token say which. Scripts use an API key instead.',
        operationId: 'login',
        body: LoginRequestSchema,
        response: okResponses,
      },
    },
    async (request, reply) => {
      const grant = await access.login(ctx, request.body, metaOf(request));
      return sendToken(ctx, reply, grant);
    },
  );

  r.post(
    '/api/access/register',
    {
      schema: {
        tags,
        summary: 'Ask to join an organization with an address at one of its verified e-mail domains',
        body: RegisterRequestSchema,
        response: { 201: RegisterResponseSchema, ...errorResponses },
      },
      config: { sendsCode: true },
    },
    async (request, reply) => {
      await access.register(ctx, request.body, metaOf(request));
      reply.code(201);
      return { ok: true as const, status: 'pending' as const };
    },
  );

  r.post(
    '/api/access/invitation/check',
    {
      schema: {
        tags,
        summary: 'Who an invitation link is for (the link must be unused and unexpired)',
        body: InvitationCheckRequestSchema,
        response: { 200: InvitationSchema, ...errorResponses },
      },
    },
    async (request) => {
      await ctx.limiter.hit(`invitation:${clientKeyOf(request.ip)}`, 30, 15 * 60_000);
      return invitations.checkInvitation(ctx, request.body.token);
    },
  );

  r.post(
    '/api/access/invitation',
    {
      schema: {
        tags,
        summary: 'Choose a password with an invitation link (once)',
        body: AcceptInvitationRequestSchema,
        response: okResponses,
      },
    },
    async (request) => {
      await ctx.limiter.hit(`invitation:${clientKeyOf(request.ip)}`, 30, 15 * 60_000);
      await invitations.acceptInvitation(ctx, request.body, metaOf(request));
      return OK;
    },
  );

  r.put(
    '/api/access/pwreset/:email',
    {
      schema: {
        tags,
        summary:
          'Ask for a password reset code by e-mail (the same answer whether the account exists or not)',
        params: PwResetParamsSchema,
        response: okResponses,
      },
      config: { sendsCode: true },
    },
    async (request) => {
      await ctx.limiter.hit(`pwreset:${clientKeyOf(request.ip)}`, 10, 15 * 60_000);
      await access.requestPasswordReset(ctx, request.params.email, metaOf(request));
      return OK;
    },
  );

  r.post(
    '/api/access/verifyEmailCode',
    {
      schema: {
        tags,
        summary: 'Prove a password reset code: answers a token that may choose a new password',
        body: VerifyEmailCodeRequestSchema,
        response: okResponses,
      },
    },
    async (request, reply) => {
      await ctx.limiter.hit(`verify-email-code:${clientKeyOf(request.ip)}`, 30, 15 * 60_000);
      const grant = await access.verifyPasswordResetCode(ctx, request.body, metaOf(request));
      return sendToken(ctx, reply, grant);
    },
  );

  r.post(
    '/api/access/validateTOTP',
    route(mfaStep, {
      summary: 'Give the second factor (an authenticator, SMS or voice code) to finish signing in',
      body: TotpRequestSchema,
      response: okResponses,
    }),
    async (request, reply) => {
      const grant = await access.validateTotp(ctx, authOf(request), request.body.totp, metaOf(request));
      return sendToken(ctx, reply, grant);
    },
  );

  r.post(
    '/api/access/sendTOTP',
    route(
      mfaStep,
      {
        summary: 'Send a sign-in code by SMS or voice call',
        body: SendTotpRequestSchema,
        response: okResponses,
      },
      { sendsCode: true },
    ),
    async (request) => {
      await access.sendLoginCode(ctx, authOf(request), request.body.method);
      return OK;
    },
  );

  r.post(
    '/api/access/reauthenticate',
    route(signedInAsSelf, {
      summary:
        'Prove the person again (current password, or an authenticator code without one): for 5 minutes the session may change its password or factors',
      body: ReauthenticateRequestSchema,
      response: okResponses,
    }),
    async (request, reply) => {
      const auth = authOf(request);
      const grant = await access.reauthenticate(ctx, auth, request.body, metaOf(request));
      // The token it answers replaces this one (as a renewal does), so one sign-in keeps one live token.
      return sendToken(ctx, reply, grant, (jti) => access.retireRenewed(ctx, auth, jti));
    },
  );

  r.get(
    '/api/access/newJWT',
    route(personal, {
      summary: 'Renew the session token before it expires (the new one in the `Authorization` header)',
      response: okResponses,
    }),
    async (request, reply) => {
      const auth = authOf(request);
      const grant = access.refreshToken(auth);
      return sendToken(ctx, reply, grant, (jti) => access.retireRenewed(ctx, auth, jti));
    },
  );

  r.post(
    '/api/access/logout',
    route(
      { steps: 'any', notApiKey: true },
      { summary: 'Sign out: the session token stops working', response: okResponses },
    ),
    async (request) => {
      await access.logout(ctx, authOf(request), metaOf(request));
      return OK;
    },
  );

  r.post(
    '/api/access/impersonate',
    {
      schema: {
        tags,
        summary: 'Exchange a support access code for a session acting as the customer person',
        body: ImpersonateExchangeRequestSchema,
        response: okResponses,
      },
    },
    async (request, reply) => {
      const grant = await access.exchangeAccessCode(ctx, request.body.accessCode, metaOf(request));
      return sendToken(ctx, reply, grant);
    },
  );

  r.get(
    '/api/access/impersonation',
    route(personal, {
      summary:
        'The support session the token belongs to: whom support acts as, and when it ends (404 outside one)',
      answer: ImpersonationSessionSchema,
    }),
    async (request) => supportSession.impersonationSession(ctx, authOf(request)),
  );

  r.delete(
    '/api/access/impersonation',
    route(personal, {
      summary: 'Ends the support session the token belongs to (404 outside one)',
      response: okResponses,
    }),
    async (request) => {
      await supportSession.endImpersonation(ctx, authOf(request), metaOf(request));
      return OK;
    },
  );
});
