import { ImpersonateGenerateResponseSchema } from '@vnoc/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST userProfile/impersonate/generate: a single-use access code (valid 60 s) to act as the person. */
export function generateAccessCode(userId: string) {
  return apiRequest('userProfile/impersonate/generate', {
    method: 'POST',
    body: { userId },
    schema: ImpersonateGenerateResponseSchema,
  });
}
