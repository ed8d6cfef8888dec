import { z } from 'zod';
import { ACTIVITY_TARGET_KINDS } from './activity.ts';
import { EmailSchema } from './auth.ts';
import { EntitlementSchema } from './claims.ts';
import { dateRangeInOrder, dateRangeQuery, requiredText } from './fields.ts';
import { freeText, PageSchema, PageSizeSchema } from './fleet.ts';

// ---- organization details and settings ----

export const ORGANIZATION_NAME_MAX = 100;
export const ORGANIZATION_DESCRIPTION_MAX = 1000;
export const ORGANIZATION_CONTACTS_MAX = 20;
export const EMAIL_DOMAINS_MAX = 20;

/** Optional text: trimmed, empty → null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** A phone number as people write it: digits with an optional leading plus, spaces, dots, dashes, brackets. */
export const CONTACT_PHONE = /^\+?[0-9][0-9 ().-]{5,24}$/;

export const OrganizationContactSchema = z.object({
  name: requiredText(100, 'Enter the contact name.', 'A contact name'),
  role: optionalText(100, 'A contact role is at most 100 characters.'),
  email: z
    .union([z.literal(''), EmailSchema])
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  phone: z
    .union([z.literal(''), z.string().trim().regex(CONTACT_PHONE, { error: 'Enter a valid phone number.' })])
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type OrganizationContact = z.output<typeof OrganizationContactSchema>;

/** A contact as answered (every field present). */
export const OrganizationContactViewSchema = z.object({
  name: z.string(),
  role: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** An email domain: lower-case host name with at least one dot (e.g. acme.example). */
export const EMAIL_DOMAIN =
  /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
export const EmailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, ''))
  .pipe(z.string().regex(EMAIL_DOMAIN, { error: 'Enter valid email domains, such as example.com.' }));

/** The issuer of an OIDC provider: an https URL (http only for localhost in development, checked by the server). */
export const SsoIssuerSchema = z
  .string()
  .trim()
  .max(500, { error: 'The issuer URL is at most 500 characters.' })
  .refine(
    (v) => {
      if (!URL.canParse(v)) return false;
      const url = new URL(v);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash;
    },
    { error: "Enter the identity provider's issuer URL, such as https://login.example.com." },
  );
export const SsoClientIdSchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter the client id.' })
  .max(200, { error: 'The client id is at most 200 characters.' })
  .regex(/^\S+$/, { error: 'The client id has no spaces.' });

/** What an administrator changes (PUT organization/{id}); every field optional, as the spec sends only the description. */
export const UpdateOrganizationRequestSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: 'Enter the organization name.' })
      .max(ORGANIZATION_NAME_MAX, { error: `The name is at most ${ORGANIZATION_NAME_MAX} characters.` })
      .optional(),
    description: z
      .string()
      .trim()
      .max(ORGANIZATION_DESCRIPTION_MAX, {
        error: `The description is at most ${ORGANIZATION_DESCRIPTION_MAX} characters.`,
      })
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    contacts: z
      .array(OrganizationContactSchema)
      .max(ORGANIZATION_CONTACTS_MAX, { error: `At most ${ORGANIZATION_CONTACTS_MAX} contacts.` })
      .optional(),
    selfRegistration: z.boolean({ error: 'selfRegistration must be true or false.' }).optional(),
    emailDomains: z
      .array(EmailDomainSchema)
      .max(EMAIL_DOMAINS_MAX, { error: `At most ${EMAIL_DOMAINS_MAX} email domains.` })
      .transform((list) => [...new Set(list)])
      .optional(),
    supportAccess: z.boolean({ error: 'supportAccess must be true or false.' }).optional(),
    /** Issuer and client id: both or neither (null clears single sign-on). */
    ssoIssuer: SsoIssuerSchema.nullable().optional(),
    ssoClientId: SsoClientIdSchema.nullable().optional(),
  })
  .strict();
export type UpdateOrganizationRequest = z.output<typeof UpdateOrganizationRequestSchema>;
export type UpdateOrganizationInput = z.input<typeof UpdateOrganizationRequestSchema>;

export const OrganizationPersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type OrganizationPerson = z.infer<typeof OrganizationPersonSchema>;

/** Where members get help: a contact of the organization with a support role, else the provider's support. */
export const SupportContactSchema = z.object({
  source: z.enum(['organization', 'provider']),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type SupportContact = z.infer<typeof SupportContactSchema>;

/**
 * Issue 34: a listed email domain is `pending` until proven by a code emailed to a mailbox at it; only a
 * `verified` one routes sign-in (single sign-on) and self-registration.
 */
export const DomainStateSchema = z.enum(['pending', 'verified']);
export type DomainState = z.infer<typeof DomainStateSchema>;
export const EmailDomainStatusSchema = z.object({ domain: z.string(), state: DomainStateSchema });
export type EmailDomainStatus = z.infer<typeof EmailDomainStatusSchema>;

/**
 * The mailboxes at a domain a verification code may go to, besides the requesting administrator's own address
 * there: the role mailboxes RFC 2142 reserves for the domain's operators (and `admin`, `administrator`), which a
 * company does not hand to just anyone.
 */
export const DOMAIN_VERIFICATION_MAILBOXES = [
  'admin',
  'administrator',
  'hostmaster',
  'postmaster',
  'webmaster',
] as const;

/** POST organization/{id}/domains/verification-email: send a code proving `domain` to `email` (an address at it). */
export const SendDomainVerificationRequestSchema = z
  .object({
    domain: EmailDomainSchema,
    email: EmailSchema,
  })
  .strict();
export type SendDomainVerificationRequest = z.output<typeof SendDomainVerificationRequestSchema>;

/** A domain verification code: 8 letters and digits; spaces and dashes people type are ignored. */
export const DOMAIN_CODE = /^[A-Z2-9]{8}$/;
export const VerifyDomainRequestSchema = z
  .object({
    code: z
      .string({ error: 'Enter the code from the email.' })
      .max(40, { error: 'Enter the code from the email.' })
      .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
      .pipe(z.string().regex(DOMAIN_CODE, { error: 'Enter the code from the email.' })),
  })
  .strict();
export type VerifyDomainRequest = z.output<typeof VerifyDomainRequestSchema>;

/** The settings only administrators see and change. */
export const OrganizationSettingsSchema = z.object({
  selfRegistration: z.boolean(),
  emailDomains: z.array(z.string()),
  /** Each of `emailDomains` with its state, in the same order. */
  domains: z.array(EmailDomainStatusSchema),
  supportAccess: z.boolean(),
  ssoIssuer: z.string().nullable(),
  ssoClientId: z.string().nullable(),
});
export type OrganizationSettings = z.infer<typeof OrganizationSettingsSchema>;

/** GET organization/{id}: what every member sees, plus `settings` for administrators (null otherwise). */
export const OrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  entitlements: z.array(EntitlementSchema),
  contacts: z.array(OrganizationContactViewSchema),
  administrators: z.array(OrganizationPersonSchema),
  supportContact: SupportContactSchema,
  settings: OrganizationSettingsSchema.nullable(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

// ---- activity log ----

/** An audit action name, e.g. `login.success`. */
export const AUDIT_ACTION = /^[A-Za-z0-9_.-]{1,64}$/;

export const ActivityQuerySchema = dateRangeInOrder(
  z.object({
    page: PageSchema.default(0),
    pageSize: PageSizeSchema.default(50),
    /** Free text over the person's (or the support person's) name and email. */
    person: freeText,
    /** Comma list of action names. */
    action: z
      .string()
      .max(2000)
      .transform((v, ctx) => {
        const parts = [
          ...new Set(
            v
              .split(',')
              .map((p) => p.trim())
              .filter(Boolean),
          ),
        ];
        if (parts.some((p) => !AUDIT_ACTION.test(p))) {
          ctx.addIssue({ code: 'custom', message: 'Unknown action filter.' });
          return z.NEVER;
        }
        return parts;
      })
      .optional(),
    ...dateRangeQuery,
    impersonated: z
      .enum(['true', 'false'], { error: 'impersonated must be true or false.' })
      .default('false'),
  }),
);
export type ActivityQuery = z.output<typeof ActivityQuerySchema>;

/** An entry's target, named at read time (or as named when written, if it is gone since). */
export const ActivityTargetSchema = z.object({
  kind: z.enum(ACTIVITY_TARGET_KINDS),
  /** Its id when its page can be opened (the alert, ticket, device or person); null when gone or pageless. */
  id: z.string().nullable(),
  /** Its name: the person's, the device's, the ticket's number, the site of an alert, the window's sites. */
  name: z.string(),
  /** An alert's code: the console words its title in the reader's language. */
  alertCode: z.string().nullable(),
  /** The site of an alert or device (the device's page lives under it). */
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
});
export type ActivityTarget = z.infer<typeof ActivityTargetSchema>;

export const ActivityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  /** Who acted (null: someone not signed in, e.g. a failed sign-in with an unknown address). */
  actor: OrganizationPersonSchema.nullable(),
  /** The support person when the action was taken under impersonation. */
  impersonator: OrganizationPersonSchema.nullable(),
  /** The API key the act was made with (issue 38): the log names the key, its maker is `actor`. */
  apiKey: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** What was acted on, named (null: the act has none, e.g. signing out). */
  target: ActivityTargetSchema.nullable(),
  /** The entry's details as text, key by key (ids are named in the target instead, or left out). */
  detail: z.array(z.object({ key: z.string(), value: z.string() })),
  ip: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;
