import { useMutation } from '@tanstack/react-query';
import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** How a code reaches the phone being enrolled: by text message, or by voice call. */
export type PhoneMethod = 'sms' | 'voice';

// The API names each step once per method.
const endpoints = {
  sms: { send: 'userProfile/mfa/sendSMSEnrollCode', enrol: 'userProfile/mfa/enrollWithSMS' },
  voice: { send: 'userProfile/mfa/sendVoiceEnrollCode', enrol: 'userProfile/mfa/enrollWithVoice' },
} as const;

/** POST userProfile/mfa/send{SMS,Voice}EnrollCode {phoneNumber}: a code by text message or call to that number. */
export function sendEnrollCode(method: PhoneMethod, phoneNumber: string) {
  return apiRequest(endpoints[method].send, { method: 'POST', body: { phoneNumber }, schema: OkSchema });
}

/** POST userProfile/mfa/enrollWith{SMS,Voice} {totp}: the code received; answers a validated token. */
export function enrollWithPhone(method: PhoneMethod, totp: string) {
  return apiRequest(endpoints[method].enrol, { method: 'POST', body: { totp }, schema: OkSchema });
}

export function useSendEnrollCode(method: PhoneMethod) {
  return useMutation({ mutationFn: (phoneNumber: string) => sendEnrollCode(method, phoneNumber) });
}

export function useEnrollWithPhone(method: PhoneMethod) {
  return useMutation({ mutationFn: (totp: string) => enrollWithPhone(method, totp) });
}
