import { queryOptions, useQuery } from '@tanstack/react-query';
import { ALERT_CATALOGUE, type AlertCodeInfo, AlertCodeInfoSchema } from '@vnoc/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { alertCodesQueryKey } from './keys.ts';

/** GET alert/codes: the catalogue (code, severity, names and descriptions in English and Spanish). */
export function getAlertCodes(signal?: AbortSignal): Promise<AlertCodeInfo[]> {
  return apiRequest('alert/codes', {
    schema: import.meta.env.DEV ? z.array(AlertCodeInfoSchema) : undefined,
    signal,
  });
}

/** The catalogue; the contract's copy stands in while the server's is on its way (they are the same). */
export function useAlertCodes() {
  return useQuery(
    queryOptions({
      queryKey: alertCodesQueryKey,
      queryFn: ({ signal }) => getAlertCodes(signal),
      placeholderData: [...ALERT_CATALOGUE],
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
