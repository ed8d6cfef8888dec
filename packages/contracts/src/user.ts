import { z } from 'zod';
import { RoleSchema } from './claims.ts';
import { optionalEmail, optionalPhone, optionalText } from './fields.ts';

export const ContactSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  officeNumber: z.string().nullable(),
  emailAddress: z.string().nullable(),
  /** The mobile number above was proved by a code sent to it (registered-mobile, alt=true); a change resets it. */
  mobileVerified: z.boolean(),
  /** The email address above was proved the same way (registered-email, alt=true). */
  emailVerified: z.boolean(),
});
export type Contact = z.infer<typeof ContactSchema>;

export const UpdateContactRequestSchema = z.object({
  firstName: z.string().trim().min(1, { error: 'Enter your first name.' }).max(100),
  lastName: z.string().trim().min(1, { error: 'Enter your last name.' }).max(100),
  title: optionalText(100),
  company: optionalText(100),
  mobileNumber: optionalPhone,
  officeNumber: optionalPhone,
  emailAddress: optionalEmail,
});
export type UpdateContactRequest = z.input<typeof UpdateContactRequestSchema>;

/** One stored preference; the client turns the list into a map (see preferencesToMap). */
export const UserPreferenceSchema = z.object({ id: z.number().int(), name: z.string(), value: z.string() });
export type UserPreference = z.infer<typeof UserPreferenceSchema>;

export const PreferenceNameSchema = z.enum(['language', 'theme', 'analytics']);
export const PreferenceValueSchemas = {
  language: z.enum(['en', 'es']),
  theme: z.enum(['light', 'system', 'dark']),
  /** Product analytics: `off` opts out (unset = on). */
  analytics: z.enum(['on', 'off']),
} as const;

export const UpdatePreferencesRequestSchema = z
  .array(z.object({ name: PreferenceNameSchema, value: z.string().max(100) }))
  .min(1)
  .max(20)
  .superRefine((items, ctx) => {
    items.forEach((item, index) => {
      if (!PreferenceValueSchemas[item.name].safeParse(item.value).success) {
        ctx.addIssue({ code: 'custom', path: [index, 'value'], message: `Invalid value for ${item.name}.` });
      }
    });
  });
export type UpdatePreferencesRequest = z.infer<typeof UpdatePreferencesRequestSchema>;

export const OrganizationRefSchema = z.object({ id: z.string(), name: z.string() });
export type OrganizationRef = z.infer<typeof OrganizationRefSchema>;

export const UserSchema = z.object({
  id: z.string(),
  creationDate: z.string(),
  username: z.string(),
  role: RoleSchema,
  organization: OrganizationRefSchema,
  contact: ContactSchema,
  userPreferences: z.array(UserPreferenceSchema),
  siteGroups: z.array(z.object({ id: z.string(), name: z.string() })),
  managedUsers: z.array(z.object({ id: z.string(), username: z.string() })),
});
export type User = z.infer<typeof UserSchema>;

export { preferencesToMap } from './preference-map.ts';
