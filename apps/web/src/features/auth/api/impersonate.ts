import { OkSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST access/impersonate {accessCode}: the single-use code for a full token of the target user. */
export function exchangeImpersonationCode(accessCode: string) {
  return apiRequest('access/impersonate', { method: 'POST', body: { accessCode }, schema: OkSchema });
}
