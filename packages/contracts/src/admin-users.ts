import { z } from 'zod';
import { EmailSchema, MfaMethodSchema, PasswordSchema } from './auth.ts';
import { RoleSchema } from './claims.ts';
import { optionalPhone } from './fields.ts';
import { freeText, PagedSchema, pagingQuery, sortingSchema } from './fleet.ts';

/** A person's account state: `pending` waits for an administrator's approval; only `active` signs in. */
export const USER_STATUSES = ['active', 'pending', 'deactivated'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES, { error: 'Unknown status.' });
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** Roles an administrator may give: every known role but SUPPORT (the provider's staff). */
export const MANAGED_ROLES = ['ADMINISTRATOR', 'USER', 'READ_ONLY'] as const;
export const ManagedRoleSchema = z.enum(MANAGED_ROLES, {
  error: 'Choose a role: ADMINISTRATOR, USER or READ_ONLY.',
});
export type ManagedRole = z.infer<typeof ManagedRoleSchema>;

export const ADMIN_USER_SORT_FIELDS = [
  'name',
  'email',
  'role',
  'status',
  'lastSignInAt',
  'createdAt',
] as const;
export type AdminUserSortField = (typeof ADMIN_USER_SORT_FIELDS)[number];

/** GET userProfile/users: the organization's people, paged, sorted, searched by name and email. */
export const AdminUserListQuerySchema = z.object({
  organizationId: z.string().max(100),
  ...pagingQuery,
  sorting: sortingSchema(ADMIN_USER_SORT_FIELDS, 'name-asc'),
  q: freeText,
  status: UserStatusSchema.optional(),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: RoleSchema,
  status: UserStatusSchema,
  /** Created by an administrator and no password chosen yet (the invitation link not used). */
  invitationPending: z.boolean(),
  siteGroups: z.array(z.object({ id: z.string(), name: z.string() })),
  mfaMethods: z.array(MfaMethodSchema),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserPageSchema = PagedSchema(AdminUserSchema);
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

const name = (error: string) => z.string().trim().min(1, { error }).max(100);
/** Site groups a person (or an API key) is limited to; none: every site of the organization. */
export const SiteGroupIdsSchema = z
  .array(z.uuid({ error: 'Enter valid site group ids.' }))
  .max(200)
  .default([]);

/** POST userProfile/user: a managed user in the caller's organization, invited by email. */
export const CreateUserRequestSchema = z.object({
  email: z.string().trim().pipe(EmailSchema),
  firstName: name('Enter the first name.'),
  lastName: name('Enter the last name.'),
  role: ManagedRoleSchema,
  phone: optionalPhone,
  siteGroupIds: SiteGroupIdsSchema,
});
export type CreateUserRequest = z.input<typeof CreateUserRequestSchema>;

/** PUT userProfile/edit (204): contact, role, site groups and, for an active or deactivated person, status. */
export const EditUserRequestSchema = z.object({
  id: z.string().max(100),
  firstName: name('Enter the first name.'),
  lastName: name('Enter the last name.'),
  phone: optionalPhone,
  role: ManagedRoleSchema,
  siteGroupIds: SiteGroupIdsSchema,
  status: z.enum(['active', 'deactivated'], { error: 'Status must be active or deactivated.' }).optional(),
});
export type EditUserRequest = z.input<typeof EditUserRequestSchema>;

/** The secret of an invitation link (the part after `#` of /accept-invitation). */
export const InvitationTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'This invitation link is not valid.' });

export const InvitationCheckRequestSchema = z.object({ token: InvitationTokenSchema });
/** Who the invitation is for, shown on the page where the person chooses a password. */
export const InvitationSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  organization: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const AcceptInvitationRequestSchema = z.object({
  token: InvitationTokenSchema,
  password: PasswordSchema,
});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequestSchema>;

/** POST access/register (201): the account waits for an administrator's approval. */
export const RegisterResponseSchema = z.object({ ok: z.literal(true), status: z.literal('pending') });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;
