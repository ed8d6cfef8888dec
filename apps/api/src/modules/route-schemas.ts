import { ErrorBodySchema, OkSchema } from '@vnoc/contracts';

/** Error answers every route may give, declared so they appear in the OpenAPI document. */
export const errorResponses = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  422: ErrorBodySchema,
  429: ErrorBodySchema,
} as const;

export const okResponses = { 200: OkSchema, ...errorResponses } as const;
export const OK = { ok: true } as const;
