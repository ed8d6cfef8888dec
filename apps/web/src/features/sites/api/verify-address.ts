import { useMutation } from '@tanstack/react-query';
import { type AddressInput, type VerifyAddressResponse, VerifyAddressResponseSchema } from '@vnoc/contracts';
import { apiSend } from '../../../lib/api-client.ts';

/** POST site/verifyAddress: the address normalized, whether it is a known place, and suggestions; saves nothing. */
export function verifyAddress(address: AddressInput): Promise<VerifyAddressResponse> {
  return apiSend(
    'POST',
    'site/verifyAddress',
    address,
    import.meta.env.DEV ? VerifyAddressResponseSchema : undefined,
  );
}

export function useVerifyAddress() {
  return useMutation({ mutationFn: verifyAddress });
}
