import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  AcceptInvitationRequest,
  AdminUser,
  AdminUserListQuery,
  AdminUserPage,
  AdminUserSortField,
  CreateUserRequestSchema,
  EditUserRequestSchema,
  Invitation,
} from '@vnoc/contracts';
import type { z } from 'zod';
import { actorOf, audit } from '../../auth/audit.ts';
import { hashNewPassword } from '../../auth/passwords.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { consoleUrl } from '../../plugins/config.ts';
import type { DbOrTx } from '../../plugins/db.ts';
import { isUniqueViolation } from '../../sql/errors.ts';
import { parseSorting, presentPage } from '../../sql/paging.ts';
import { isUuid } from '../../sql/text.ts';
import { mfaMethods, presentAdminUser } from './present.ts';
import { findUserById, insertUser, updateContact, updateUser, upsertContact } from './repository.ts';
import * as admin from './repository-admin.ts';
import { clearCodeFailures } from './repository-security.ts';

type CreateInput = z.output<typeof CreateUserRequestSchema>;
type EditInput = z.output<typeof EditUserRequestSchema>;

/** The contact row an administrator's form writes; the contact address is the person's username. */
function contactOf(body: CreateInput | EditInput, emailAddress: string) {
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    mobileNumber: body.phone ?? null,
    emailAddress,
  };
}

/** Invitation links work once, for 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Issue 34: invitation emails go out through the provider's own mail, so they are throttled: per
 * administrator and per organization in an hour, and resending to one address.
 */
export const INVITATION_LIMITS = {
  windowMs: 60 * 60 * 1000,
  perAdministrator: 20,
  perOrganization: 50,
  perAddress: 3,
} as const;

export const ADMIN_MESSAGES = {
  userExists: 'A user with this email address already exists.',
  foreignGroups: 'Some of these site groups do not belong to your organization.',
  lastAdministrator:
    'An organization needs at least one active administrator: make someone else an administrator first.',
  selfDeactivate: 'You cannot deactivate your own account.',
  notPending: 'This person is not waiting for approval.',
  pendingStatus: 'Approve or reject this registration instead of changing its status.',
  noInvitation: 'This person has already chosen a password.',
  inactiveInvitation: 'Reactivate this person before sending them an invitation.',
  invitationInvalid: 'This invitation link is not valid. Ask your administrator for a new one.',
  invitationUsed:
    'This invitation link was already used. Sign in with your password, or ask your administrator for a new link.',
  invitationExpired: 'This invitation link has expired. Ask your administrator for a new one.',
  invitationsLimited: 'Too many invitation emails in the last hour. Wait a while before sending more.',
} as const;

const invitationError = (message: string) => new AppError(400, 'invitation_invalid', message);

/** GET userProfile/users: only the caller's own organization (another id answers 404 like a missing one). */
export async function listUsers(
  ctx: AppContext,
  auth: AuthContext,
  query: AdminUserListQuery,
): Promise<AdminUserPage> {
  if (query.organizationId.toLowerCase() !== auth.user.organizationId) throw Errors.notFound();
  const found = await admin.listAdminUsers(ctx.db, {
    organizationId: auth.user.organizationId,
    q: query.q || undefined,
    status: query.status,
    sort: parseSorting<AdminUserSortField>(query.sorting),
    page: query.page,
    pageSize: query.pageSize,
  });
  return presentPage(found, query, presentAdminUser);
}

async function requirePerson(db: DbOrTx, auth: AuthContext, id: string): Promise<admin.AdminUserRow> {
  const row = isUuid(id)
    ? await admin.findAdminUser(db, auth.user.organizationId, id.toLowerCase())
    : undefined;
  if (!row) throw Errors.notFound();
  return row;
}

async function requireOwnGroups(db: DbOrTx, organizationId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if ((await admin.countOwnGroups(db, organizationId, unique)) !== unique.length)
    throw Errors.invalidInput(ADMIN_MESSAGES.foreignGroups, 'siteGroupIds');
  return unique;
}

const userExists = () =>
  new AppError(409, 'user_exists', ADMIN_MESSAGES.userExists, [
    { path: 'email', message: ADMIN_MESSAGES.userExists },
  ]);

function hashSecret(ctx: AppContext, secret: string): string {
  return createHmac('sha256', ctx.codeKey).update(`invitation:${secret}`).digest('hex');
}

/** The link's secret: the invitation's id (32 hex digits) then 43 random base64url characters. */
function invitationToken(id: string, secret: string): string {
  return `${id.replace(/-/g, '')}${secret}`;
}

function parseInvitationToken(token: string): { id: string; secret: string } | undefined {
  const hex = token.slice(0, 32);
  if (!/^[0-9a-f]{32}$/.test(hex)) return undefined;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { id, secret: token.slice(32) };
}

/**
 * Counts one invitation email against the limits (INVITATION_LIMITS) before anything is written; once one is
 * reached, 429 invitations_limited.
 */
async function throttleInvitation(ctx: AppContext, auth: AuthContext, email: string): Promise<void> {
  const { windowMs, perAdministrator, perOrganization, perAddress } = INVITATION_LIMITS;
  try {
    await ctx.limiter.hit(`invitation-to:${email.toLowerCase()}`, perAddress, windowMs);
    await ctx.limiter.hit(`invitation-by:${auth.user.id}`, perAdministrator, windowMs);
    await ctx.limiter.hit(`invitation-org:${auth.user.organizationId}`, perOrganization, windowMs);
  } catch (error) {
    if (error instanceof AppError && error.id === 'rate_limited')
      throw new AppError(429, 'invitations_limited', ADMIN_MESSAGES.invitationsLimited);
    throw error;
  }
}

/** Issues a new invitation (older ones stop working) and emails its link (on PUBLIC_URL, issue 34). */
async function sendInvitation(
  ctx: AppContext,
  person: { id: string; email: string; firstName: string },
  inviter: AuthContext,
): Promise<void> {
  const secret = randomBytes(32).toString('base64url');
  const id = await admin.insertInvitation(ctx.db, {
    userId: person.id,
    destination: person.email,
    codeHash: hashSecret(ctx, secret),
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
  });
  // The secret travels after '#', so it never reaches a server log.
  const link = `${consoleUrl(ctx.config)}/accept-invitation#${invitationToken(id, secret)}`;
  const organization = inviter.user.organization.name;
  await ctx.deliver({
    channel: 'email',
    to: person.email,
    subject: `You are invited to ${organization} on vNOC`,
    body: `Hello ${person.firstName},\n\nAn administrator of ${organization} created a vNOC account for you (${person.email}).\nChoose your password here:\n\n${link}\n\nThe link works once and expires in 7 days. If you did not expect this, you can ignore this message.`,
  });
}

/** POST userProfile/user: a person in the caller's organization, invited by email to choose a password. */
export async function createUser(
  ctx: AppContext,
  auth: AuthContext,
  body: CreateInput,
  meta: RequestMeta,
): Promise<AdminUser> {
  const org = auth.user.organizationId;
  await throttleInvitation(ctx, auth, body.email);
  const id = await ctx.db
    .transaction(async (tx) => {
      const groupIds = await requireOwnGroups(tx, org, body.siteGroupIds);
      const row = await insertUser(
        tx,
        {
          organizationId: org,
          username: body.email,
          passwordHash: admin.NO_PASSWORD,
          role: body.role,
          status: 'active',
        },
        contactOf(body, body.email),
      );
      await admin.replaceUserGroups(tx, row.id, groupIds);
      await audit(tx, {
        action: 'user.create',
        ...actorOf(auth, meta),
        target: body.email,
        detail: { userId: row.id, role: body.role, siteGroupIds: groupIds },
      });
      return row.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw userExists();
      throw error;
    });
  await sendInvitation(ctx, { id, email: body.email, firstName: body.firstName }, auth);
  return presentAdminUser(await requirePerson(ctx.db, auth, id));
}

/** PUT userProfile/edit: contact, role, site groups and status; the last active administrator stays one. */
export async function editUser(ctx: AppContext, auth: AuthContext, body: EditInput, meta: RequestMeta) {
  const org = auth.user.organizationId;
  await ctx.db.transaction(async (tx) => {
    const person = await requirePerson(tx, auth, body.id);
    if (body.status && person.status === 'pending')
      throw Errors.invalidInput(ADMIN_MESSAGES.pendingStatus, 'status');
    const status = body.status ?? person.status;
    if (person.id === auth.user.id && status === 'deactivated')
      throw Errors.invalidInput(ADMIN_MESSAGES.selfDeactivate, 'status');
    const groupIds = await requireOwnGroups(tx, org, body.siteGroupIds);
    const losesAdmin =
      person.role === 'ADMINISTRATOR' &&
      person.status === 'active' &&
      (body.role !== 'ADMINISTRATOR' || status !== 'active');
    if (losesAdmin && (await admin.lockOtherActiveAdmins(tx, org, person.id)) === 0)
      throw new AppError(409, 'last_administrator', ADMIN_MESSAGES.lastAdministrator);
    await updateUser(tx, person.id, { role: body.role, status });
    await upsertContact(tx, person.id, contactOf(body, person.username));
    await admin.replaceUserGroups(tx, person.id, groupIds);
    await audit(tx, {
      action:
        status !== person.status ? `user.${status === 'active' ? 'reactivate' : 'deactivate'}` : 'user.edit',
      ...actorOf(auth, meta),
      target: person.username,
      detail: {
        userId: person.id,
        role: { from: person.role, to: body.role },
        status: { from: person.status, to: status },
        siteGroupIds: groupIds,
      },
    });
  });
}

async function requirePending(db: DbOrTx, auth: AuthContext, id: string) {
  const person = await requirePerson(db, auth, id);
  if (person.status !== 'pending') throw new AppError(409, 'conflict', ADMIN_MESSAGES.notPending);
  return person;
}

/** POST userProfile/user/{id}/approve: a pending registration becomes active, and the person is told. */
export async function approveUser(ctx: AppContext, auth: AuthContext, id: string, meta: RequestMeta) {
  const person = await ctx.db.transaction(async (tx) => {
    const row = await requirePending(tx, auth, id);
    await updateUser(tx, row.id, { status: 'active' });
    await audit(tx, {
      action: 'user.approve',
      ...actorOf(auth, meta),
      target: row.username,
      detail: { userId: row.id },
    });
    return row;
  });
  await ctx.deliver({
    channel: 'email',
    to: person.username,
    subject: 'Your vNOC account is approved',
    body: `Hello ${person.first_name ?? ''},\n\nAn administrator of ${auth.user.organization.name} approved your vNOC account. You can now sign in with ${person.username} and the password you chose.`,
  });
}

/** POST userProfile/user/{id}/reject: a pending registration is removed (the address may register again). */
export async function rejectUser(ctx: AppContext, auth: AuthContext, id: string, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    const row = await requirePending(tx, auth, id);
    await admin.deleteUser(tx, row.id);
    await audit(tx, {
      action: 'user.reject',
      ...actorOf(auth, meta),
      target: row.username,
      detail: { userId: row.id },
    });
  });
}

/** POST userProfile/user/{id}/mfa/reset: every factor removed; the person enrols again at the next sign-in. */
export async function resetMfa(ctx: AppContext, auth: AuthContext, id: string, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    const row = await requirePerson(tx, auth, id);
    await updateUser(tx, row.id, {
      mfaApp: false,
      appSecret: null,
      appSecretPending: null,
      lastTotpStep: null,
      mfaSms: false,
      smsNumber: null,
      mfaVoice: false,
      voiceNumber: null,
      // The person signs in again and enrols afresh: sessions opened with the old factors end.
      sessionsValidAfter: ctx.now(),
    });
    // The reset also lifts the person's code-entry lockouts, the daily one included (issue 34).
    await clearCodeFailures(tx, row.id);
    await audit(tx, {
      action: 'user.mfa_reset',
      ...actorOf(auth, meta),
      target: row.username,
      detail: { userId: row.id, methods: mfaMethods(row) },
    });
  });
}

/** POST userProfile/user/{id}/invitation: a new link for a person who has not chosen a password yet. */
export async function resendInvitation(ctx: AppContext, auth: AuthContext, id: string, meta: RequestMeta) {
  const person = await requirePerson(ctx.db, auth, id);
  if (!person.invitation_pending) throw new AppError(409, 'conflict', ADMIN_MESSAGES.noInvitation);
  // Nothing is emailed to an account that is not active (issue 34).
  if (person.status !== 'active') throw new AppError(409, 'conflict', ADMIN_MESSAGES.inactiveInvitation);
  await throttleInvitation(ctx, auth, person.username);
  await audit(ctx.db, {
    action: 'user.invite',
    ...actorOf(auth, meta),
    target: person.username,
    detail: { userId: person.id },
  });
  await sendInvitation(
    ctx,
    { id: person.id, email: person.username, firstName: person.first_name ?? '' },
    auth,
  );
}

type LiveInvitation = { codeId: string; userId: string };

/** The invitation a token names, if it is the right secret, unused, unexpired, for an active person. */
async function liveInvitation(db: DbOrTx, ctx: AppContext, token: string): Promise<LiveInvitation> {
  const parsed = parseInvitationToken(token);
  const row = parsed ? await admin.findInvitation(db, parsed.id) : undefined;
  if (!parsed || !row) throw invitationError(ADMIN_MESSAGES.invitationInvalid);
  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(hashSecret(ctx, parsed.secret), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
    throw invitationError(ADMIN_MESSAGES.invitationInvalid);
  if (row.usedAt) throw invitationError(ADMIN_MESSAGES.invitationUsed);
  if (row.expiresAt.getTime() <= Date.now()) throw invitationError(ADMIN_MESSAGES.invitationExpired);
  return { codeId: row.id, userId: row.userId };
}

/** POST access/invitation/check: who a live invitation is for. */
export async function checkInvitation(ctx: AppContext, token: string): Promise<Invitation> {
  const live = await liveInvitation(ctx.db, ctx, token);
  const user = await findUserById(ctx.db, live.userId);
  if (!user || user.status === 'deactivated') throw invitationError(ADMIN_MESSAGES.invitationInvalid);
  const contact = await admin.findAdminUser(ctx.db, user.organizationId, user.id);
  return {
    email: user.username,
    firstName: contact?.first_name ?? '',
    lastName: contact?.last_name ?? '',
    organization: user.organization.name,
  };
}

/** POST access/invitation: the person chooses a password; the link proved the address. Once only. */
export async function acceptInvitation(ctx: AppContext, body: AcceptInvitationRequest, meta: RequestMeta) {
  const passwordHash = await hashNewPassword(body.password);
  const user = await ctx.db.transaction(async (tx) => {
    const live = await liveInvitation(tx, ctx, body.token);
    const person = await findUserById(tx, live.userId);
    if (!person || person.status === 'deactivated') throw invitationError(ADMIN_MESSAGES.invitationInvalid);
    await admin.markCodeUsed(tx, live.codeId);
    await updateUser(tx, person.id, { passwordHash, emailValidated: true, credExpired: false });
    await updateContact(tx, person.id, { emailVerified: true });
    await audit(tx, { action: 'user.invitation_accepted', user: person, target: person.username, meta });
    return person;
  });
  return { username: user.username };
}
