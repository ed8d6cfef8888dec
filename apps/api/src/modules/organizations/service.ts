import type { Organization, UpdateOrganizationRequest } from '@vnoc/contracts';
import { actorOf, audit } from '../../auth/audit.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { Errors } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { isUuid } from '../../sql/text.ts';
import { discoverProvider, type ProviderEndpoints } from '../sso/index.ts';
import { DEFAULT_SUPPORT_EMAIL } from '../tickets/service.ts';
import { presentOrganization } from './present.ts';
import * as repo from './repository.ts';

/** Free-mail providers: anyone can have an address there, so they never decide who may join. */
const PUBLIC_MAIL_DOMAINS = new Set([
  'aol.com',
  'gmail.com',
  'googlemail.com',
  'gmx.com',
  'gmx.net',
  'hotmail.com',
  'hotmail.es',
  'icloud.com',
  'live.com',
  'mac.com',
  'mail.com',
  'me.com',
  'msn.com',
  'outlook.com',
  'outlook.es',
  'proton.me',
  'protonmail.com',
  'yahoo.com',
  'yahoo.es',
  'yandex.com',
  'ymail.com',
  'zoho.com',
]);

/** The caller's own organization; any other id (or a malformed one) answers 404 like a missing one. */
export function requireOwn(auth: AuthContext, id: string): string {
  if (!isUuid(id) || id.toLowerCase() !== auth.user.organizationId) throw Errors.notFound();
  return auth.user.organizationId;
}

function providerEmail(ctx: AppContext): string {
  return ctx.config.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
}

/** GET organization/{id}: details, administrators and support contact; the settings for administrators. */
export async function getOrganization(ctx: AppContext, auth: AuthContext, id: string): Promise<Organization> {
  const orgId = requireOwn(auth, id);
  const [row, admins, verified] = await Promise.all([
    repo.findOrganization(ctx.db, orgId),
    repo.listAdministrators(ctx.db, orgId),
    repo.verifiedDomainsOf(ctx.db, orgId),
  ]);
  if (!row) throw Errors.notFound();
  return presentOrganization(row, admins, providerEmail(ctx), auth.user.role === 'ADMINISTRATOR', verified);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PUT organization/{id} (ADMINISTRATOR): changes only what the body names. Refused with nothing written:
 * self-registration on without a domain, a free-mail domain or one another organization lists, single
 * sign-on with only one of issuer and client id, an issuer whose provider the outbound guard refuses or
 * whose discovery document or keys cannot be read (422).
 */
export async function updateOrganization(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  body: UpdateOrganizationRequest,
  meta: RequestMeta,
): Promise<Organization> {
  const orgId = requireOwn(auth, id);
  // A new issuer is discovered (through the outbound guard) before the row is locked: sign-ins use the
  // endpoints vetted here, never ones a token names.
  let provider: ProviderEndpoints | undefined;
  if (body.ssoIssuer) {
    const before = await repo.findOrganization(ctx.db, orgId);
    const clientId = body.ssoClientId !== undefined ? body.ssoClientId : before?.ssoClientId;
    // Nothing is fetched for a setting refused anyway (checked again under the lock below).
    if (before && clientId && (before.ssoIssuer !== body.ssoIssuer || !before.ssoJwksUri))
      provider = await discoverProvider(ctx, body.ssoIssuer);
  }
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockOrganization(tx, orgId);
    if (!current) throw Errors.notFound();

    const domains = body.emailDomains ?? current.emailDomains;
    if (body.emailDomains) {
      const open = body.emailDomains.find((d) => PUBLIC_MAIL_DOMAINS.has(d));
      if (open)
        throw Errors.invalidInput(
          `${open} is a public email domain: anyone can have an address there.`,
          'emailDomains',
        );
      const added = body.emailDomains.filter((d) => !current.emailDomains.includes(d));
      // Only another organization's verified domain is taken: a pending claim blocks no one (issue 34).
      const taken = await repo.domainsOfOthers(tx, orgId, added);
      if (taken.length > 0)
        throw Errors.invalidInput(`${taken.join(', ')} belongs to another organization.`, 'emailDomains');
      // A domain taken off the list loses its verification and its codes: listed again, it is pending.
      await repo.forgetDomains(tx, orgId, body.emailDomains);
    }
    if ((body.selfRegistration ?? current.selfRegistration) && domains.length === 0)
      throw Errors.invalidInput('Add at least one email domain to let people register.', 'emailDomains');

    const issuer = body.ssoIssuer !== undefined ? body.ssoIssuer : current.ssoIssuer;
    const clientId = body.ssoClientId !== undefined ? body.ssoClientId : current.ssoClientId;
    if ((issuer === null) !== (clientId === null))
      throw Errors.invalidInput('Enter both the issuer URL and the client id, or neither.', 'ssoIssuer');
    if (
      body.ssoIssuer !== undefined &&
      body.ssoIssuer !== null &&
      !provider &&
      current.ssoIssuer !== body.ssoIssuer
    )
      throw Errors.conflict('conflict', 'The organization changed meanwhile. Please try again.');

    const patch: repo.OrganizationPatch = {};
    const changes: Record<string, unknown> = {};
    for (const key of Object.keys(body) as (keyof UpdateOrganizationRequest)[]) {
      const value = body[key];
      if (value === undefined || same(value, current[key])) continue;
      Object.assign(patch, { [key]: value });
      // Contacts and the description are listed by name only; the settings with their new value.
      changes[key] = key === 'contacts' || key === 'description' ? 'changed' : value;
    }
    if (provider) {
      Object.assign(patch, {
        ssoIssuer: provider.issuer,
        ssoJwksUri: provider.jwksUri,
        ssoUserinfoEndpoint: provider.userinfoEndpoint,
      });
      if (provider.issuer !== current.ssoIssuer) changes.ssoIssuer = provider.issuer;
    } else if (body.ssoIssuer === null && current.ssoIssuer !== null) {
      Object.assign(patch, { ssoJwksUri: null, ssoUserinfoEndpoint: null });
    }
    if (Object.keys(patch).length === 0) return current;
    const updated = await repo.updateOrganization(tx, orgId, patch);
    await audit(tx, {
      action: 'organization.update',
      ...actorOf(auth, meta),
      target: current.name,
      detail: changes,
    });
    return updated ?? current;
  });
  return presentOwn(ctx, row);
}

/** The organization as its administrator sees it, settings and domain states included. */
export async function presentOwn(ctx: AppContext, row: repo.OrganizationRow): Promise<Organization> {
  const [admins, verified] = await Promise.all([
    repo.listAdministrators(ctx.db, row.id),
    repo.verifiedDomainsOf(ctx.db, row.id),
  ]);
  return presentOrganization(row, admins, providerEmail(ctx), true, verified);
}
