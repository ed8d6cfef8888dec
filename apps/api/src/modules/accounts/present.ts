import type { AdminUser, MfaMethod, OrganizationRef, User } from '@vnoc/contracts';
import type { OrganizationRow, UserWithOrg } from '../../auth/session-user.ts';
import { iso } from '../../http/iso.ts';
import type { Language } from '../../notifications/profile.ts';
import type { ContactRow } from './repository.ts';
import type { AdminUserRow } from './repository-admin.ts';

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
      mobileVerified: contact?.mobileVerified ?? false,
      emailVerified: contact?.emailVerified ?? false,
    },
    userPreferences: preferences,
    siteGroups,
    managedUsers,
  };
}

/** What changed on a person's account: each change is told to them by email (issue 34). */
export type SecurityChange =
  | { kind: 'password' }
  | { kind: 'mfa-removed'; method: MfaMethod }
  | { kind: 'mfa-added'; method: MfaMethod };

const METHOD_NAMES: Record<Language, Record<MfaMethod, string>> = {
  en: { app: 'authenticator app', sms: 'text message (SMS)', voice: 'voice call' },
  es: { app: 'aplicación de autenticación', sms: 'mensaje de texto (SMS)', voice: 'llamada de voz' },
};

/**
 * The notice of a change, in the person's language. It names the account and the kind of change only: no
 * password, code, secret or phone number.
 */
export function securityNoticeText(
  language: Language,
  change: SecurityChange,
  username: string,
): { subject: string; body: string } {
  const method = change.kind === 'password' ? '' : METHOD_NAMES[language][change.method];
  if (language === 'es') {
    const tail =
      '\n\nSi hizo usted este cambio, no tiene que hacer nada. Si no lo hizo, restablezca su contraseña desde la página de inicio de sesión de vNOC y avise al administrador de su organización.';
    if (change.kind === 'password')
      return {
        subject: 'Se cambió su contraseña de vNOC',
        body: `Se cambió la contraseña de su cuenta de vNOC ${username}.${tail}`,
      };
    if (change.kind === 'mfa-removed')
      return {
        subject: 'Se quitó un método de verificación de su cuenta de vNOC',
        body: `Se quitó el método de verificación «${method}» de su cuenta de vNOC ${username}.${tail}`,
      };
    return {
      subject: 'Nuevo método de verificación en su cuenta de vNOC',
      body: `Se añadió el método de verificación «${method}» a su cuenta de vNOC ${username}.${tail}`,
    };
  }
  const tail =
    "\n\nIf you made this change, there is nothing to do. If you did not, reset your password from vNOC's sign-in page and tell your organization's administrator.";
  if (change.kind === 'password')
    return {
      subject: 'Your vNOC password was changed',
      body: `The password of your vNOC account ${username} was changed.${tail}`,
    };
  if (change.kind === 'mfa-removed')
    return {
      subject: 'A verification method was removed from your vNOC account',
      body: `The ${method} verification method was removed from your vNOC account ${username}.${tail}`,
    };
  return {
    subject: 'New verification method on your vNOC account',
    body: `The ${method} verification method was added to your vNOC account ${username}.${tail}`,
  };
}

/** When a support session starts or ends, for people: "2025-03-04 14:05 UTC". */
const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The notice to a customer organization's administrators that a support person began acting as one of its
 * people (issue 37), in the administrator's language: who, as whom, from when and until when at the latest,
 * where their acts are recorded, and how to stop it.
 */
export function supportSessionNoticeText(
  language: Language,
  session: {
    support: string;
    user: string;
    userEmail: string;
    organization: string;
    startedAt: Date;
    endsAt: Date;
  },
): { subject: string; body: string } {
  const { support, user, userEmail, organization } = session;
  const [from, until] = [utcMinute(session.startedAt), utcMinute(session.endsAt)];
  if (language === 'es')
    return {
      subject: `El soporte de vNOC está actuando como ${user}`,
      body: `${support} (soporte de vNOC) inició una sesión de soporte en nombre de ${user} (${userEmail}) en ${organization} el ${from}. La sesión termina a más tardar el ${until}.\n\nTodo lo que se haga en ella se muestra como hecho por el soporte y queda en Administración → Registro de actividad.\n\nSi no la esperaba, un administrador puede desactivar el acceso del soporte en Administración → Organización; eso termina la sesión de inmediato.`,
    };
  return {
    subject: `vNOC support is acting as ${user}`,
    body: `${support} (vNOC support) started a support session acting as ${user} (${userEmail}) in ${organization} at ${from}. It ends at ${until} at the latest.\n\nEverything done in it is shown as support's and recorded in Administration → Activity log.\n\nIf you did not expect it, an administrator can turn support access off in Administration → Organization; that ends the session at once.`,
  };
}

/** The second factors a person has enrolled. */
export function mfaMethods(row: AdminUserRow): MfaMethod[] {
  return [row.mfa_app && 'app', row.mfa_sms && 'sms', row.mfa_voice && 'voice'].filter((m): m is MfaMethod =>
    Boolean(m),
  );
}

export function presentAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    email: row.username,
    phone: row.mobile_number,
    role: row.role,
    status: row.status,
    invitationPending: row.invitation_pending,
    siteGroups: row.site_groups,
    mfaMethods: mfaMethods(row),
    lastSignInAt: iso(row.last_sign_in_at),
    createdAt: iso(row.created_at) ?? '',
  };
}
