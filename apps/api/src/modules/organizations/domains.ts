import { createHmac, randomInt } from 'node:crypto';
import {
  DOMAIN_VERIFICATION_MAILBOXES,
  type Organization,
  type SendDomainVerificationRequest,
  type VerifyDomainRequest,
} from '@vnoc/contracts';
import { actorOf, audit, insertAudit } from '../../auth/audit.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import * as repo from './repository.ts';
import { presentOwn, requireOwn } from './service.ts';

/**
 * Issue 34: proving an email domain. An administrator lists a domain (pending), asks for a code sent to a
 * mailbox at it, and enters the code (or opens the email's link) while signed in to their organization: the
 * domain is then verified, and other organizations' pending claims of it are dropped. Only verified domains
 * route single sign-on and self-registration.
 *
 * Which mailbox: one of DOMAIN_VERIFICATION_MAILBOXES (the role mailboxes RFC 2142 reserves for whoever runs the
 * domain), or the requesting administrator's own sign-in address when it is at that domain (reading a code sent
 * there proves they hold a mailbox the company gave them). Any other address at the domain is refused: an
 * ordinary employee's mailbox does not speak for the company.
 */

/** How long an emailed code works: a day, as the mailbox may be read by someone else who forwards it. */
export const DOMAIN_CODE_TTL_MS = 24 * 60 * 60 * 1000;
/** Codes an organization may have sent, and sent to one address, within DOMAIN_SEND_WINDOW_MS. */
export const DOMAIN_SENDS_PER_ORGANIZATION = 5;
export const DOMAIN_SENDS_PER_ADDRESS = 3;
export const DOMAIN_SEND_WINDOW_MS = 60 * 60 * 1000;
/** Codes an organization may try within DOMAIN_TRY_WINDOW_MS (8 characters of 32: guessing is hopeless). */
export const DOMAIN_TRIES_PER_ORGANIZATION = 10;
export const DOMAIN_TRY_WINDOW_MS = 15 * 60 * 1000;

export const DOMAIN_CODE_INVALID =
  'This code is wrong, expired or already used. Send a new verification email.';

/** No 0/O, 1/I/L: read from an email and typed by hand. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(0, ALPHABET.length)];
  return code;
}

function hashDomainCode(key: string, code: string): string {
  return createHmac('sha256', key).update(`domain-verification:${code}`).digest('hex');
}

const codeInvalid = () => new AppError(400, 'code_invalid', DOMAIN_CODE_INVALID);

/** The email's text; its link (only with PUBLIC_URL, never the request's Origin or Host) opens the console. */
export function verificationEmail(
  publicUrl: string | undefined,
  input: { organization: string; requester: string; domain: string; code: string },
): { subject: string; body: string } {
  const link = publicUrl
    ? `\n\nOr open this link while signed in to vNOC as an administrator of ${input.organization}:\n${publicUrl}/admin/organization?domainCode=${input.code}`
    : '';
  return {
    subject: `Verify ${input.domain} for ${input.organization} on vNOC`,
    body:
      `${input.requester}, an administrator of ${input.organization} on vNOC, asks to verify that ${input.domain} belongs to ${input.organization}. ` +
      `Once verified, people with an address at ${input.domain} see ${input.organization}'s single sign-on and may ask to join it.\n\n` +
      `The verification code is ${input.code}. Enter it in Administration → Organization → Who may join.${link}\n\n` +
      `It expires in 24 hours and works once. If ${input.domain} is not ${input.organization}'s, do not share the code and ignore this message.`,
  };
}

/** POST organization/{id}/domains/verification-email (ADMINISTRATOR, not impersonated). */
export async function sendDomainVerification(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  body: SendDomainVerificationRequest,
  meta: RequestMeta,
): Promise<void> {
  const orgId = requireOwn(auth, id);
  const { domain } = body;
  const email = body.email.toLowerCase();
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  if (email.slice(at + 1) !== domain) throw Errors.invalidInput(`Enter an address at ${domain}.`, 'email');
  const own = email === auth.user.username.toLowerCase();
  if (!own && !(DOMAIN_VERIFICATION_MAILBOXES as readonly string[]).includes(local))
    throw Errors.invalidInput(
      `Send the code to ${DOMAIN_VERIFICATION_MAILBOXES.map((m) => `${m}@${domain}`).join(', ')} or to your own address at ${domain}.`,
      'email',
    );
  const organization = await repo.findOrganization(ctx.db, orgId);
  if (!organization) throw Errors.notFound();
  if (!organization.emailDomains.includes(domain))
    throw Errors.invalidInput(`Add ${domain} to the email domains and save before verifying it.`, 'domain');
  const owner = await repo.verifiedOwnerOf(ctx.db, domain);
  if (owner === orgId) throw Errors.invalidInput(`${domain} is already verified.`, 'domain');
  if (owner) throw Errors.invalidInput(`${domain} belongs to another organization.`, 'domain');

  await ctx.limiter.hit(`domain-send:${orgId}`, DOMAIN_SENDS_PER_ORGANIZATION, DOMAIN_SEND_WINDOW_MS);
  await ctx.limiter.hit(`domain-send-to:${email}`, DOMAIN_SENDS_PER_ADDRESS, DOMAIN_SEND_WINDOW_MS);

  const code = newCode();
  const now = ctx.now();
  await repo.insertDomainVerification(ctx.db, {
    organizationId: orgId,
    domain,
    mailbox: email,
    codeHash: hashDomainCode(ctx.codeKey, code),
    requestedBy: auth.user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + DOMAIN_CODE_TTL_MS),
  });
  await audit(ctx.db, {
    action: 'organization.domain_verification_sent',
    ...actorOf(auth, meta),
    target: domain,
    detail: { domain, mailbox: email },
  });
  const text = verificationEmail(ctx.config.publicUrl, {
    organization: organization.name,
    requester: auth.user.username,
    domain,
    code,
  });
  await ctx.deliver({ channel: 'email', to: email, subject: text.subject, body: text.body, code });
}

/**
 * POST organization/{id}/domains/verify (ADMINISTRATOR, not impersonated): the code proves its domain for the
 * caller's organization only. Wrong, expired, used or another organization's code → 400, nothing written.
 */
export async function verifyDomain(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  body: VerifyDomainRequest,
  meta: RequestMeta,
): Promise<Organization> {
  const orgId = requireOwn(auth, id);
  await ctx.limiter.hit(`domain-try:${orgId}`, DOMAIN_TRIES_PER_ORGANIZATION, DOMAIN_TRY_WINDOW_MS);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const organization = await repo.lockOrganization(tx, orgId);
    if (!organization) throw Errors.notFound();
    const code = await repo.lockUnusedVerification(tx, orgId, hashDomainCode(ctx.codeKey, body.code));
    if (!code || code.expiresAt.getTime() <= now.getTime()) throw codeInvalid();
    if (!organization.emailDomains.includes(code.domain)) throw codeInvalid();
    if (!(await repo.insertVerifiedDomain(tx, orgId, code.domain, code.mailbox, now)))
      throw Errors.invalidInput(`${code.domain} belongs to another organization.`, 'code');
    await repo.markVerificationUsed(tx, code.id, now);
    const dropped = await repo.dropOtherClaims(tx, orgId, code.domain);
    await audit(tx, {
      action: 'organization.domain_verified',
      ...actorOf(auth, meta),
      target: code.domain,
      detail: { domain: code.domain, mailbox: code.mailbox },
    });
    for (const other of dropped)
      await insertAudit(tx, {
        action: 'organization.domain_claim_dropped',
        actorUserId: null,
        organizationId: other,
        impersonatorUserId: null,
        target: code.domain,
        detail: { domain: code.domain, reason: 'verified by another organization' },
        ip: null,
      });
    return organization;
  });
  return presentOwn(ctx, row);
}
