import { randomBytes } from 'node:crypto';
import type { Role } from '@vnoc/contracts';
import { hashPassword } from '../src/auth/passwords.ts';
import type { SignInStep } from '../src/auth/sign-in-step.ts';
import { createTokenService } from '../src/auth/tokens.ts';
import { newTotpSecret } from '../src/auth/totp.ts';
import { contacts, organizations, users } from '../src/db/schema.ts';
import { presentClaims } from '../src/modules/users/present.ts';
import { findUserById, type OrganizationRow, type UserWithOrg } from '../src/modules/users/repository.ts';
import type { Db } from '../src/plugins/db.ts';
import { TEST_JWT_SECRET } from './helpers.ts';

export const PASSWORD = 'correct-horse-battery-9';
let hashed: Promise<string> | undefined;

const unique = () => randomBytes(4).toString('hex');

export async function createOrganization(
  db: Db,
  overrides: Partial<typeof organizations.$inferInsert> = {},
): Promise<OrganizationRow> {
  const id = unique();
  const [org] = await db
    .insert(organizations)
    .values({
      name: `Org ${id}`,
      emailDomains: [`org-${id}.example`],
      entitlements: ['diagnostics', 'analytics'],
      ...overrides,
    })
    .returning();
  if (!org) throw new Error('no organization');
  return org;
}

export type UserOptions = {
  username?: string;
  role?: Role;
  /** email: not validated; expired: credential expired. Default: validated, not expired. */
  emailValidated?: boolean;
  credExpired?: boolean;
  app?: boolean;
  sms?: string;
  voice?: string;
  contact?: Partial<typeof contacts.$inferInsert>;
};

export type TestUser = UserWithOrg & { password: string };

export async function createUser(db: Db, org: OrganizationRow, options: UserOptions = {}): Promise<TestUser> {
  hashed ??= hashPassword(PASSWORD);
  const domain = org.emailDomains[0] ?? 'example.com';
  const [row] = await db
    .insert(users)
    .values({
      organizationId: org.id,
      username: options.username ?? `user-${unique()}@${domain}`,
      passwordHash: await hashed,
      role: options.role ?? 'USER',
      emailValidated: options.emailValidated ?? true,
      credExpired: options.credExpired ?? false,
      mfaApp: Boolean(options.app),
      appSecret: options.app ? newTotpSecret() : null,
      mfaSms: Boolean(options.sms),
      smsNumber: options.sms ?? null,
      mfaVoice: Boolean(options.voice),
      voiceNumber: options.voice ?? null,
    })
    .returning();
  if (!row) throw new Error('no user');
  await db
    .insert(contacts)
    .values({ userId: row.id, firstName: 'Test', lastName: 'User', ...options.contact });
  return { ...row, organization: org, password: PASSWORD };
}

const tokens = createTokenService(TEST_JWT_SECRET);

/** A session token for the user in the given sign-in step (as if the earlier steps were done). */
export async function tokenFor(
  db: Db,
  user: { id: string },
  step: SignInStep,
  impersonatedBy?: string,
): Promise<string> {
  const fresh = await findUserById(db, user.id);
  if (!fresh) throw new Error('user gone');
  const session = {
    isEmailValidated: step !== 'email',
    isMfaValidated: step === 'password' || step === 'full',
    isCredExpired: step === 'password',
    impersonatedBy,
  };
  return (await tokens.signSession(presentClaims(fresh, session))).token;
}

export { tokens as testTokens };
