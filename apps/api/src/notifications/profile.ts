import {
  type Channel,
  type NotificationProfile,
  NotificationProfileSchema,
  PreferenceValueSchemas,
} from '@vnoc/contracts';

/** What a person without a stored profile gets: the serious alerts, by email, and their clearing. */
export const DEFAULT_NOTIFICATION_PROFILE: NotificationProfile = {
  channels: ['email'],
  severities: ['critical', 'major'],
  codes: [],
  siteIds: [],
  groupIds: [],
  quietHours: null,
  notifyCleared: true,
};

/** A stored profile, or the defaults when none is stored (or it no longer reads as a profile). */
export function readProfile(stored: unknown): NotificationProfile {
  if (stored === null || stored === undefined) return DEFAULT_NOTIFICATION_PROFILE;
  const parsed = NotificationProfileSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_PROFILE;
}

/** The fields of a user that say where each channel may go. */
export type ContactFields = {
  username: string;
  mfaSms: boolean;
  smsNumber: string | null;
  mfaVoice: boolean;
  voiceNumber: string | null;
};

export type Contacts = Record<Channel, string | null>;

/**
 * The verified destination of each channel: email is the sign-in address (proven at registration), SMS
 * and voice the numbers enrolled (and so proven by a code) for multi-factor sign-in.
 */
export function contactsOf(user: ContactFields): Contacts {
  return {
    email: user.username,
    sms: user.mfaSms ? user.smsNumber : null,
    voice: user.mfaVoice ? user.voiceNumber : null,
  };
}

/** Why a channel cannot be used, written for the person (400). */
export const UNVERIFIED_CHANNEL: Readonly<Record<Channel, string>> = {
  email: 'Verify your email address first.',
  sms: 'Verify a mobile number for SMS first.',
  voice: 'Verify a phone number for voice calls first.',
};

export type Language = 'en' | 'es';

/** A stored `language` preference, English otherwise. */
export function languageOf(value: string | null | undefined): Language {
  return PreferenceValueSchemas.language.safeParse(value).success ? (value as Language) : 'en';
}

/** Arrays kept once each, in their first order (a profile is a set of choices). */
export function normalizeProfile(profile: NotificationProfile): NotificationProfile {
  const once = <T>(values: readonly T[]) => [...new Set(values)];
  return {
    ...profile,
    channels: once(profile.channels),
    severities: once(profile.severities),
    codes: once(profile.codes),
    siteIds: once(profile.siteIds.map((id) => id.toLowerCase())),
    groupIds: once(profile.groupIds.map((id) => id.toLowerCase())),
  };
}
