import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { userProfileQueryKey } from '../../../lib/user-profile.ts';

/**
 * Which address a registered-* code goes to. Without alt: the username's email (sign-up's validation) or the
 * SMS number enrolled for sign-in; with alt=true: the contact email or mobile kept in the profile, which the
 * server marks verified once the code comes back.
 */
export interface CodeTarget {
  address: 'registered-email' | 'registered-mobile';
  alt: boolean;
}

/** POST userProfile/{registered-email,registered-mobile}/send-code?alt=… */
export function sendRegisteredCode({ address, alt }: CodeTarget) {
  return apiRequest(`userProfile/${address}/send-code`, { method: 'POST', query: { alt }, schema: OkSchema });
}

/** POST userProfile/{registered-email,registered-mobile}/verify-code?alt=… {code}; the email's answers a token. */
export function verifyRegisteredCode({ address, alt }: CodeTarget, code: string) {
  return apiRequest(`userProfile/${address}/verify-code`, {
    method: 'POST',
    query: { alt },
    body: { code },
    schema: OkSchema,
  });
}

export function useSendRegisteredCode(target: CodeTarget) {
  return useMutation({ mutationFn: () => sendRegisteredCode(target) });
}

/** Verifies; a contact address proved (alt) shows as verified once the profile is read again. */
export function useVerifyRegisteredCode(target: CodeTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => verifyRegisteredCode(target, code),
    onSuccess: () =>
      target.alt ? queryClient.invalidateQueries({ queryKey: userProfileQueryKey }) : undefined,
  });
}
