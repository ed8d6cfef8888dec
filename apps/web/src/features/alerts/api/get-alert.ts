import { useQuery } from '@tanstack/react-query';
import { AlertDetailSchema } from '@vnoc/contracts';
import { itemQueryOptions } from '../../../lib/item-query.ts';
import { liveRefetchInterval } from '../../../lib/live.ts';
import { alertQueryKey } from './keys.ts';

/** GET alert/{id}: the alert, its root (for a dependent), its dependents and its notes. */
export function getAlertQueryOptions(id: string) {
  return itemQueryOptions(id, {
    path: 'alert',
    schema: import.meta.env.DEV ? AlertDetailSchema : undefined,
    queryKey: alertQueryKey(id),
    refetchInterval: () => liveRefetchInterval(),
  });
}

export function useAlert(id: string | null) {
  return useQuery({ ...getAlertQueryOptions(id ?? ''), enabled: Boolean(id) });
}
