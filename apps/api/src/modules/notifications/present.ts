import type { NotificationProfile, NotificationProfileResponse } from '@vnoc/contracts';
import type { Contacts } from '../../notifications/profile.ts';

export function presentProfileResponse(
  profile: NotificationProfile,
  contacts: Contacts,
): NotificationProfileResponse {
  return { profile, contacts: { email: contacts.email, sms: contacts.sms, voice: contacts.voice } };
}
