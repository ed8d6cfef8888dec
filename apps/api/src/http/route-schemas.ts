import { ActiveQuerySchema, AlertSchema, ErrorBodySchema, OkSchema } from '@vnoc/contracts';
import { z } from 'zod';

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

/** A route's responses: `ok` on 200, and the error answers every route may give. */
export const answers = <T extends z.ZodType>(ok: T) => ({ 200: ok, ...errorResponses }) as const;

/**
 * A 200 that is a file or a stream, not JSON (CSV, PDF, server-sent events), as OpenAPI documents it: fastify
 * writes such an answer as the handler gives it, and never serializes a non-JSON media type.
 */
export type FileAnswer = { description: string; content: Record<string, { schema: z.ZodType }> };
export const fileAnswer = (mediaType: string, description: string): FileAnswer => ({
  description,
  content: { [mediaType]: { schema: z.string() } },
});

/** A route that answers 204 with no body. */
export const noContent = { 204: z.null(), ...errorResponses } as const;
/** A route that answers 201 with `body`. */
export const created = <T extends z.ZodType>(body: T) => ({ 201: body, ...errorResponses }) as const;

/** A path's `:id`; not checked as a UUID here, so a malformed id answers 404 like a missing one. */
export const IdParamsSchema = z.object({ id: z.string().max(100) });

/** GET …/:id/alerts of a site or a device: its alerts, optionally only the active ones. */
export const itemAlertsSchema = {
  params: IdParamsSchema,
  querystring: ActiveQuerySchema,
  response: answers(z.array(AlertSchema)),
};
