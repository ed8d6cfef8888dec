import { useQuery } from '@tanstack/react-query';
import { QrCodeResponseSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { parseOtpauthSecret } from '../utils/otpauth.ts';

export const qrCodeQueryKey = (username: string) => ['auth', 'qrCode', username] as const;

/**
 * POST userProfile/mfa/getQRCodePdi {reenroll:false}: a new pending secret as an otpauth link and its QR
 * code image. Each call replaces the pending secret on the server, so it is fetched once per screen.
 */
export async function getQrCode() {
  const answer = await apiRequest('userProfile/mfa/getQRCodePdi', {
    method: 'POST',
    body: { reenroll: false },
    schema: QrCodeResponseSchema,
  });
  return { ...answer, secret: parseOtpauthSecret(answer.link) };
}

/** The QR code as a query: one request even when the screen mounts twice (React strict mode). */
export function useQrCode(username: string) {
  return useQuery({
    queryKey: qrCodeQueryKey(username),
    queryFn: getQrCode,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
