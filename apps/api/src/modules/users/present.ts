import { type Entitlement, EntitlementSchema, type OrganizationRef, type User } from '@vnoc/contracts';
import type { ClaimsBody } from '../../auth/tokens.ts';
import type { ContactRow, OrganizationRow, UserWithOrg } from './repository.ts';

export type SessionState = {
  isMfaValidated: boolean;
  isCredExpired: boolean;
  /** Defaults to what the user record says. */
  isEmailValidated?: boolean;
  impersonatedBy?: string;
  impersonatorSession?: string;
  impersonationEnds?: number;
  /** The absolute end of the sign-in (issue 11: 12 h after it began); carried across renewals. */
  sessionEnds?: number;
  /** When the person last re-authenticated in this session (issue 34), in seconds since the epoch. */
  reauthenticatedAt?: number;
};

export function presentEntitlements(org: OrganizationRow): Entitlement[] {
  return org.entitlements.filter((e): e is Entitlement => EntitlementSchema.safeParse(e).success);
}

/** Claims of spec part 3 for a user: enrolment from the record, validation state from the session. */
export function presentClaims(user: UserWithOrg, session: SessionState): ClaimsBody {
  return {
    sub: user.username,
    isMfaEnrolled: user.mfaApp || user.mfaSms || user.mfaVoice,
    isMfaAppEnrolled: user.mfaApp,
    isMfaMobileEnrolled: user.mfaSms,
    isMfaVoiceEnrolled: user.mfaVoice,
    userSmsNumber: user.mfaSms ? user.smsNumber : null,
    userVoiceNumber: user.mfaVoice ? user.voiceNumber : null,
    isCredExpired: session.isCredExpired,
    isMfaValidated: session.isMfaValidated,
    isEmailValidated: session.isEmailValidated ?? user.emailValidated,
    role: user.role,
    entitlements: presentEntitlements(user.organization),
    ...(session.sessionEnds !== undefined ? { sessionEnds: session.sessionEnds } : {}),
    ...(session.reauthenticatedAt !== undefined ? { reauthenticatedAt: session.reauthenticatedAt } : {}),
    ...(session.impersonatedBy
      ? {
          impersonatedBy: session.impersonatedBy,
          impersonatorSession: session.impersonatorSession,
          impersonationEnds: session.impersonationEnds,
        }
      : {}),
  };
}

export function presentOrganizationRef(org: Pick<OrganizationRow, 'id' | 'name'>): OrganizationRef {
  return { id: org.id, name: org.name };
}

export function presentUser(
  user: UserWithOrg,
  contact: ContactRow | undefined,
  preferences: User['userPreferences'],
  siteGroups: User['siteGroups'],
  managedUsers: User['managedUsers'],
): User {
  return {
    id: user.id,
    creationDate: user.createdAt.toISOString(),
    username: user.username,
    role: user.role,
    organization: presentOrganizationRef(user.organization),
    contact: {
      firstName: contact?.firstName ?? '',
      lastName: contact?.lastName ?? '',
      title: contact?.title ?? null,
      company: contact?.company ?? null,
      mobileNumber: contact?.mobileNumber ?? null,
      officeNumber: contact?.officeNumber ?? null,
      emailAddress: contact?.emailAddress ?? null,
    },
    userPreferences: preferences,
    siteGroups,
    managedUsers,
  };
}
