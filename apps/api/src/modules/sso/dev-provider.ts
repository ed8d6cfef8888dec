import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTVerifyGetKey } from 'jose';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml } from '../../http/html.ts';
import { clientKeyOf } from '../../plugins/client-address.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';

/** A person the development provider knows: a demo user's email, signing in with their current password. */
export type DevIdentity = { email: string; givenName: string; familyName: string };

export type DevProviderOptions = {
  issuer: string;
  clientId: string;
  /** Where the console is opened: its redirect URIs and post-logout address are on these origins. */
  consoleOrigins: string[];
  identities: DevIdentity[];
  /** Whether the password is the person's current one (their stored hash: a changed demo password counts). */
  checkPassword: (email: string, password: string) => Promise<boolean>;
  limiter: RateLimiter;
  /** Refuses requests that are not direct ones from this machine (onRequest hook of every provider route). */
  guard: (request: FastifyRequest) => Promise<void>;
};

/** The one resource the console's access tokens are for: JWTs the API verifies against the JWKS. */
const RESOURCE = 'urn:vnoc:console';
const SCOPE = 'openid profile email';
const ACCESS_TOKEN_SECONDS = 3600;
const LOGIN_ATTEMPTS_PER_WINDOW = 20;
const LOGIN_WINDOW_MS = 15 * 60_000;

const TEXT = {
  en: {
    title: 'Sign in to the identity provider',
    lead: 'Development identity provider for the vNOC demo. Sign in with a demo user’s email address and their password (the demo password unless they changed it).',
    email: 'Email address',
    password: 'Password',
    submit: 'Sign in',
    cancel: 'Cancel',
    invalid: 'Invalid email address or password.',
    tooMany: 'Too many attempts. Please wait a moment and try again.',
    logoutTitle: 'Sign out of the identity provider?',
    logoutYes: 'Sign out',
    logoutNo: 'Stay signed in',
    errorTitle: 'Identity provider error',
  },
  es: {
    title: 'Inicie sesión en el proveedor de identidad',
    lead: 'Proveedor de identidad de desarrollo para la demostración de vNOC. Inicie sesión con el correo de un usuario de demostración y su contraseña (la de demostración si no la ha cambiado).',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    cancel: 'Cancelar',
    invalid: 'Correo electrónico o contraseña no válidos.',
    tooMany: 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
    logoutTitle: '¿Cerrar la sesión del proveedor de identidad?',
    logoutYes: 'Cerrar sesión',
    logoutNo: 'Mantener la sesión',
    errorTitle: 'Error del proveedor de identidad',
  },
} as const;
type Language = keyof typeof TEXT;

function languageOf(uiLocales: unknown): Language {
  return typeof uiLocales === 'string' && uiLocales.trim().toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** The provider's pages: no scripts; forms may lead (by redirect) back to the console. */
function pageCsp(consoleOrigins: string[]): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${consoleOrigins.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** A small page in the console's colours, light or dark as the system prefers, usable at phone width. */
function page(lang: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | vNOC demo identity provider</title>
<style>
:root{color-scheme:light dark;--bg:#f1f3f5;--card:#fff;--fg:#212529;--dim:#495057;--border:#ced4da;--accent:#1864ab;--danger:#c92a2a}
@media (prefers-color-scheme:dark){:root{--bg:#1a1b1e;--card:#25262b;--fg:#e9ecef;--dim:#adb5bd;--border:#495057;--accent:#4dabf7;--danger:#ff8787}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:16px}
main{width:100%;max-width:420px;background:var(--card);border:1px solid var(--border);border-radius:8px;padding:24px}
h1{font-size:1.35rem;margin:0 0 8px}p{margin:0 0 16px;color:var(--dim);font-size:.9rem}
label{display:block;font-weight:600;font-size:.9rem;margin:12px 0 4px}
input{width:100%;padding:10px;border:1px solid var(--border);border-radius:4px;background:var(--card);color:var(--fg);font-size:1rem}
input:focus,button:focus{outline:2px solid var(--accent);outline-offset:2px}
.actions{display:flex;gap:8px;margin-top:20px;flex-wrap:wrap}
button{flex:1;min-width:120px;padding:10px 12px;border-radius:4px;font-size:1rem;font-weight:600;cursor:pointer;border:1px solid var(--accent)}
.primary{background:var(--accent);color:#fff}@media (prefers-color-scheme:dark){.primary{color:#1a1b1e}}
.secondary{background:transparent;color:var(--accent)}
.error{color:var(--danger);font-weight:600}
.brand{font-size:.8rem;letter-spacing:.05em;text-transform:uppercase;color:var(--dim);margin-bottom:12px}
</style>
</head>
<body><main><div class="brand">vNOC · demo identity provider</div>${body}</main></body>
</html>`;
}

function loginPage(lang: Language, uid: string, mount: string, email: string, error?: string): string {
  const t = TEXT[lang];
  const action = `${mount}/interaction/${encodeURIComponent(uid)}`;
  return page(
    lang,
    t.title,
    `<h1>${t.title}</h1>
<p>${t.lead}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}/login" autocomplete="on">
<label for="email">${t.email}</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(email)}">
<label for="password">${t.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions">
<button class="primary" type="submit">${t.submit}</button>
<button class="secondary" type="submit" formaction="${action}/abort" formnovalidate>${t.cancel}</button>
</div>
</form>`,
  );
}

/**
 * The development identity provider (oidc-provider, in-memory state, keys made at start) under the issuer's
 * path: one public client for the console (authorization code + PKCE), the demo identities, a login page.
 */
export async function registerDevProvider(
  app: FastifyInstance,
  options: DevProviderOptions,
): Promise<{ provider: Provider; keys: JWTVerifyGetKey }> {
  const { issuer, clientId, consoleOrigins, checkPassword, limiter, guard } = options;
  const mount = new URL(issuer).pathname.replace(/\/+$/, '');
  const identities = new Map(options.identities.map((i) => [i.email.toLowerCase(), i]));
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const signingKey = { ...(await exportJWK(privateKey)), kid, use: 'sig', alg: 'RS256' };
  // The API checks this provider's tokens with these keys in-process, never by fetching its JWKS.
  const keys = createLocalJWKSet({
    keys: [{ ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256' }],
  });
  const csp = pageCsp(consoleOrigins);

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: consoleOrigins.flatMap((o) => [`${o}/login/callback`, `${o}/login/callback/oauth`]),
        post_logout_redirect_uris: consoleOrigins.map((o) => `${o}/login`),
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      const identity = identities.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: identity.email,
          email_verified: true,
          name: `${identity.givenName} ${identity.familyName}`,
          given_name: identity.givenName,
          family_name: identity.familyName,
        }),
      };
    },
    // The console's access token carries the email, so the API needs no userinfo call.
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const identity = identities.get(token.accountId);
      // Demo identities are the demo users' own addresses: the provider vouches for them.
      return identity ? { email: identity.email, email_verified: true } : undefined;
    },
    // The console is this provider's only, first-party client: no consent screen.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPE);
      grant.addResourceScope(RESOURCE, SCOPE);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `${mount}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          const t = TEXT[languageOf(ctx.oidc.params?.ui_locales)];
          ctx.set('content-security-policy', csp);
          ctx.type = 'html';
          ctx.body = page(
            languageOf(ctx.oidc.params?.ui_locales),
            t.logoutTitle,
            `<h1>${t.logoutTitle}</h1>${form}<div class="actions"><button class="primary" autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${t.logoutYes}</button><button class="secondary" type="submit" form="op.logoutForm">${t.logoutNo}</button></div>`,
          );
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resource) {
          if (resource !== RESOURCE) throw new errors.InvalidTarget();
          return {
            scope: SCOPE,
            audience: clientId,
            accessTokenTTL: ACCESS_TOKEN_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    async renderError(ctx, out) {
      const t = TEXT.en;
      ctx.set('content-security-policy', csp);
      ctx.type = 'html';
      ctx.body = page(
        'en',
        t.errorTitle,
        `<h1>${t.errorTitle}</h1><p class="error" role="alert">${escapeHtml(String(out.error_description ?? out.error))}</p>`,
      );
    },
  };
  const provider = new Provider(issuer, configuration);

  const callback = provider.callback();
  // The provider's own endpoints: Koa reads the raw request (its body too), with the mount path stripped.
  await app.register(async (scope) => {
    scope.addHook('onRequest', guard);
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? '/';
      raw.originalUrl = url;
      raw.url = url.slice(mount.length) || '/';
      await callback(raw, reply.raw);
    };
    scope.all(mount, handler);
    scope.all(`${mount}/*`, handler);
  });

  // The login page and its two answers (sign in, cancel), as ordinary form posts.
  await app.register(async (scope) => {
    scope.addHook('onRequest', guard);
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const details = (request: FastifyRequest, reply: FastifyReply) =>
      provider.interactionDetails(request.raw, reply.raw);
    const show = (reply: FastifyReply, status: number, html: string) =>
      reply.code(status).header('content-security-policy', csp).type('text/html; charset=utf-8').send(html);

    scope.get<{ Params: { uid: string } }>(`${mount}/interaction/:uid`, async (request, reply) => {
      const interaction = await details(request, reply);
      const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
      return show(
        reply,
        200,
        loginPage(languageOf(interaction.params.ui_locales), interaction.uid, mount, hint),
      );
    });

    scope.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      `${mount}/interaction/:uid/login`,
      async (request, reply) => {
        const interaction = await details(request, reply);
        const lang = languageOf(interaction.params.ui_locales);
        const email = String(request.body?.email ?? '')
          .trim()
          .toLowerCase();
        const given = String(request.body?.password ?? '');
        try {
          await limiter.hit(
            `idp-login:${clientKeyOf(request.ip)}`,
            LOGIN_ATTEMPTS_PER_WINDOW,
            LOGIN_WINDOW_MS,
          );
        } catch {
          return show(reply, 429, loginPage(lang, interaction.uid, mount, email, TEXT[lang].tooMany));
        }
        if (!identities.has(email) || !(await checkPassword(email, given))) {
          return show(reply, 401, loginPage(lang, interaction.uid, mount, email, TEXT[lang].invalid));
        }
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: email } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(to, 303);
      },
    );

    scope.post<{ Params: { uid: string } }>(`${mount}/interaction/:uid/abort`, async (request, reply) => {
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The sign-in was cancelled.' },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    });
  });
  return { provider, keys };
}
