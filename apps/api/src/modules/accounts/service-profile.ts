import type { MfaMethod, UpdateContactRequestSchema, User, UserPreference } from '@vnoc/contracts';
import QRCode from 'qrcode';
import type { z } from 'zod';
import { audit } from '../../auth/audit.ts';
import { hashNewPassword } from '../../auth/passwords.ts';
import type { UserWithOrg } from '../../auth/session-user.ts';
import { matchTotp, newTotpSecret, totpLink } from '../../auth/totp.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { Errors } from '../../errors.ts';
import { languageOf } from '../../notifications/profile.ts';
import { type AuthContext, hasMfa } from '../../plugins/auth.ts';
import { presentUser, type SecurityChange, securityNoticeText } from './present.ts';
import {
  findContact,
  findLanguage,
  findUserById,
  listOrganizationUsers,
  listPreferences,
  listUserSiteGroups,
  type NewUser,
  updateContact as updateContactRow,
  updateUser,
  upsertContact,
  upsertPreferences,
} from './repository.ts';
import { consumeCode, sendCode } from './service-security.ts';
import { carrySession, requireRecentAuth, type TokenGrant } from './service-sign-in.ts';
import { requireSupportAccess } from './service-support-access.ts';

type ContactInput = z.output<typeof UpdateContactRequestSchema>;

export async function getProfile(ctx: AppContext, user: UserWithOrg): Promise<User> {
  const [contact, preferences, siteGroups, managedUsers] = await Promise.all([
    findContact(ctx.db, user.id),
    listPreferences(ctx.db, user.id),
    listUserSiteGroups(ctx.db, user.id),
    user.role === 'ADMINISTRATOR' ? listOrganizationUsers(ctx.db, user.organizationId, user.id) : [],
  ]);
  return presentUser(user, contact, preferences, siteGroups, managedUsers);
}

/** Omitted fields keep their value; null or '' clears. A changed email or mobile must be verified again. */
export async function updateContact(ctx: AppContext, auth: AuthContext, input: ContactInput): Promise<User> {
  const current = await findContact(ctx.db, auth.user.id);
  const next = {
    firstName: input.firstName,
    lastName: input.lastName,
    title: input.title === undefined ? (current?.title ?? null) : input.title,
    company: input.company === undefined ? (current?.company ?? null) : input.company,
    mobileNumber: input.mobileNumber === undefined ? (current?.mobileNumber ?? null) : input.mobileNumber,
    officeNumber: input.officeNumber === undefined ? (current?.officeNumber ?? null) : input.officeNumber,
    emailAddress: input.emailAddress === undefined ? (current?.emailAddress ?? null) : input.emailAddress,
  };
  await upsertContact(ctx.db, auth.user.id, {
    ...next,
    mobileVerified: Boolean(current?.mobileVerified && current.mobileNumber === next.mobileNumber),
    emailVerified: Boolean(current?.emailVerified && current.emailAddress === next.emailAddress),
  });
  return getProfile(ctx, auth.user);
}

export async function updatePreferences(
  ctx: AppContext,
  user: UserWithOrg,
  items: { name: string; value: string }[],
): Promise<UserPreference[]> {
  await upsertPreferences(ctx.db, user.id, items);
  return listPreferences(ctx.db, user.id);
}

/** The code that proves the contact address or number kept in Settings (not a sign-in factor). */
const CONTACT_CODES = {
  emailAddress: { purpose: 'contact-email', channel: 'email' },
  mobileNumber: { purpose: 'contact-mobile', channel: 'sms' },
} as const;

/** Sends that code to the contact's address or number; none on file is 400 naming the field. */
async function sendToContact(
  ctx: AppContext,
  user: UserWithOrg,
  field: keyof typeof CONTACT_CODES,
  missing: string,
): Promise<void> {
  const destination = (await findContact(ctx.db, user.id))?.[field];
  if (!destination) throw Errors.invalidInput(missing, field);
  await sendCode(ctx, user, CONTACT_CODES[field].purpose, CONTACT_CODES[field].channel, destination);
}

export async function sendEmailCode(ctx: AppContext, auth: AuthContext, alt: boolean): Promise<void> {
  if (!alt) return sendCode(ctx, auth.user, 'email-validation', 'email', auth.user.username);
  // The contact email is a Settings feature: a session still signing in has no business with it.
  if (auth.step !== 'full') throw Errors.wrongStep();
  await sendToContact(ctx, auth.user, 'emailAddress', 'No contact email address on file.');
}

export async function verifyEmailCode(
  ctx: AppContext,
  auth: AuthContext,
  alt: boolean,
  code: string,
  meta: RequestMeta,
): Promise<TokenGrant> {
  const { user } = auth;
  if (!alt) {
    await consumeCode(ctx, user.id, 'email-validation', code);
    await updateUser(ctx.db, user.id, { emailValidated: true });
    await audit(ctx.db, { action: 'email.validated', user, impersonatorId: auth.impersonator?.id, meta });
    return {
      user: { ...user, emailValidated: true },
      session: carrySession(auth.claims, { isEmailValidated: true }),
    };
  }
  if (auth.step !== 'full') throw Errors.wrongStep();
  const { destination } = await consumeCode(ctx, user.id, 'contact-email', code);
  const contact = await findContact(ctx.db, user.id);
  if (contact?.emailAddress === destination) await updateContactRow(ctx.db, user.id, { emailVerified: true });
  return { user, session: carrySession(auth.claims) };
}

export async function sendMobileCode(ctx: AppContext, auth: AuthContext, alt: boolean): Promise<void> {
  if (!alt) {
    const number = auth.user.mfaSms ? auth.user.smsNumber : null;
    if (!number) throw Errors.invalidInput('No SMS number is enrolled.', 'mobileNumber');
    return sendCode(ctx, auth.user, 'registered-mobile', 'sms', number);
  }
  await sendToContact(ctx, auth.user, 'mobileNumber', 'No mobile number on file.');
}

export async function verifyMobileCode(
  ctx: AppContext,
  auth: AuthContext,
  alt: boolean,
  code: string,
): Promise<void> {
  const { destination } = await consumeCode(
    ctx,
    auth.user.id,
    alt ? 'contact-mobile' : 'registered-mobile',
    code,
  );
  if (!alt) return;
  const contact = await findContact(ctx.db, auth.user.id);
  if (contact?.mobileNumber === destination)
    await updateContactRow(ctx.db, auth.user.id, { mobileVerified: true });
}

/**
 * Tells the person of a change to their password or factors at their registered email, in their language
 * (issue 34): someone else who made it cannot do so unnoticed.
 */
async function sendSecurityNotice(ctx: AppContext, user: UserWithOrg, change: SecurityChange): Promise<void> {
  const language = languageOf(await findLanguage(ctx.db, user.id));
  const text = securityNoticeText(language, change, user.username);
  // The change is made either way; a notice that fails must not turn it into an error.
  await ctx
    .deliver({ channel: 'email', to: user.username, subject: text.subject, body: text.body })
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'security notice not delivered'));
}

/** A pending authenticator secret (kept until enrollWithApp), as an otpauth link and a QR code PNG. */
export async function getQrCode(ctx: AppContext, auth: AuthContext, reenroll: boolean) {
  const user = await findUserById(ctx.db, auth.user.id);
  const kept =
    !reenroll && user?.appSecretPending ? ctx.seeds.open(auth.user.id, user.appSecretPending) : null;
  const secret = kept ?? newTotpSecret();
  await updateUser(ctx.db, auth.user.id, { appSecretPending: ctx.seeds.seal(auth.user.id, secret) });
  const link = totpLink(secret, auth.user.username);
  return { link, qrCode: await QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 1, width: 240 }) };
}

function enrolled(auth: AuthContext, user: UserWithOrg, patch: Partial<NewUser>): TokenGrant {
  // Proving a new factor also validates MFA for this session.
  return { user: { ...user, ...patch }, session: carrySession(auth.claims, { isMfaValidated: true }) };
}

export async function enrollWithApp(ctx: AppContext, auth: AuthContext, totp: string, meta: RequestMeta) {
  // A factor beside an existing one needs proof of the person now (issue 34); a first one is the sign-in's.
  if (hasMfa(auth.user)) requireRecentAuth(auth);
  const user = await findUserById(ctx.db, auth.user.id);
  const pending = user?.appSecretPending ? ctx.seeds.open(auth.user.id, user.appSecretPending) : null;
  const step = pending ? matchTotp(pending, totp) : null;
  if (!user || !pending || step === null) throw Errors.codeInvalid();
  // The seed stays sealed (issue 11: TOTP seeds encrypted at rest).
  const patch = {
    appSecret: ctx.seeds.seal(user.id, pending),
    appSecretPending: null,
    mfaApp: true,
    lastTotpStep: step,
  };
  await updateUser(ctx.db, user.id, patch);
  await audit(ctx.db, { action: 'mfa.enrol', user, detail: { method: 'app' }, meta });
  await sendSecurityNotice(ctx, user, { kind: 'mfa-added', method: 'app' });
  return enrolled(auth, user, patch);
}

export async function sendPhoneEnrollCode(
  ctx: AppContext,
  auth: AuthContext,
  channel: 'sms' | 'voice',
  phone: string,
) {
  await sendCode(ctx, auth.user, channel === 'sms' ? 'enroll-sms' : 'enroll-voice', channel, phone);
}

export async function enrollWithPhone(
  ctx: AppContext,
  auth: AuthContext,
  channel: 'sms' | 'voice',
  code: string,
  meta: RequestMeta,
): Promise<TokenGrant> {
  if (hasMfa(auth.user)) requireRecentAuth(auth);
  const { destination } = await consumeCode(
    ctx,
    auth.user.id,
    channel === 'sms' ? 'enroll-sms' : 'enroll-voice',
    code,
  );
  const patch =
    channel === 'sms'
      ? { mfaSms: true, smsNumber: destination }
      : { mfaVoice: true, voiceNumber: destination };
  await updateUser(ctx.db, auth.user.id, patch);
  await audit(ctx.db, { action: 'mfa.enrol', user: auth.user, detail: { method: channel }, meta });
  await sendSecurityNotice(ctx, auth.user, { kind: 'mfa-added', method: channel });
  return enrolled(auth, auth.user, patch);
}

export async function unenroll(ctx: AppContext, auth: AuthContext, method: MfaMethod, meta: RequestMeta) {
  requireRecentAuth(auth);
  const patch: Partial<NewUser> =
    method === 'app'
      ? { mfaApp: false, appSecret: null, appSecretPending: null, lastTotpStep: null }
      : method === 'sms'
        ? { mfaSms: false, smsNumber: null }
        : { mfaVoice: false, voiceNumber: null };
  await updateUser(ctx.db, auth.user.id, patch);
  await audit(ctx.db, { action: 'mfa.unenrol', user: auth.user, detail: { method }, meta });
  await sendSecurityNotice(ctx, auth.user, { kind: 'mfa-removed', method });
  return { user: { ...auth.user, ...patch }, session: carrySession(auth.claims) };
}

export async function updatePassword(
  ctx: AppContext,
  auth: AuthContext,
  password: string,
  meta: RequestMeta,
) {
  // A change from a signed-in session needs proof of the person now (issue 34). In the password step the
  // proof is fresh: the sign-in or reset code and the second factor that led there.
  if (auth.step === 'full') requireRecentAuth(auth);
  // Every other session ends with the old password; the token answered now is issued in this second.
  const patch = {
    passwordHash: await hashNewPassword(password),
    credExpired: false,
    sessionsValidAfter: ctx.now(),
  };
  await updateUser(ctx.db, auth.user.id, patch);
  await audit(ctx.db, { action: 'password.change', user: auth.user, meta });
  await sendSecurityNotice(ctx, auth.user, { kind: 'password' });
  return { user: { ...auth.user, ...patch }, session: carrySession(auth.claims, { isCredExpired: false }) };
}

export async function generateAccessCode(
  ctx: AppContext,
  auth: AuthContext,
  userId: string,
  meta: RequestMeta,
) {
  const target = await findUserById(ctx.db, userId);
  if (!target) throw Errors.notFound();
  // Support staff act as customers, never as one another.
  if (target.role === 'SUPPORT') throw Errors.forbidden();
  await requireSupportAccess(ctx.db, target, auth.user, 'generate', meta);
  const { token } = await ctx.tokens.signAccessCode(target.username, auth.user.username, auth.jti);
  await audit(ctx.db, { action: 'impersonation.generate', user: auth.user, target: target.username, meta });
  return { accessCode: token };
}
