import type { FastifyContextConfig, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { AuthRule } from '../plugins/auth.ts';
import { answers, type FileAnswer } from './route-schemas.ts';

/**
 * What one route declares of itself: its OpenAPI text (a summary always; `operationId` where people script
 * against it, else one is derived from its method and path), its inputs, and either `answer` (the 200 answer:
 * the error answers every route may give are added, as `answers` does) or its whole `response` map (a 201, a
 * 204, an extra error status, a file's `fileAnswer`). `hide`: left out of the OpenAPI document. A route whose
 * only success is a 201 (`created`) or a 204 (`noContent`) answers it without saying so again: its handler
 * returns the created thing, or nothing.
 */
export type RouteSchema = {
  summary: string;
  description?: string;
  operationId?: string;
  hide?: true;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
} & (
  | { answer: z.ZodType; response?: never }
  | { response: Record<number, z.ZodType | FileAnswer>; answer?: never }
);

/** The fastify options `route` builds, typed so the zod type provider still types the handler's request. */
export type RouteOptions<S extends RouteSchema> = {
  schema: Omit<S, 'answer' | 'response'> & {
    tags: string[];
    response: S extends { answer: infer A extends z.ZodType } ? ReturnType<typeof answers<A>> : S['response'];
  };
  config: RouteConfig;
  preHandler?: (request: unknown, reply: FastifyReply) => Promise<void>;
};

/** The success status of a response map without a 200: a `created` route's 201, a `noContent` route's 204. */
function successStatus(response: Record<number, unknown>): 201 | 204 | undefined {
  if (200 in response) return undefined;
  if (201 in response) return 201;
  return 204 in response ? 204 : undefined;
}

/** A route's rule, and what else it tells the auth plugin (`sendsCode`: a verification code send, throttled). */
type RouteConfig = FastifyContextConfig & { auth: AuthRule };

/**
 * The options of a module's routes, whose OpenAPI tags are given once: `route(rule, schema)` is
 * `{ schema: { tags, ...schema, response }, config: { auth: rule } }`, the same object a route used to spell
 * out, so its validation, its auth rule and its OpenAPI entry are unchanged. Every route names its rule; a third
 * argument adds to its config (`{ sendsCode: true }`).
 */
export function routeOptions(tags: string[]) {
  return <const S extends RouteSchema>(
    auth: AuthRule,
    schema: S,
    config?: Omit<RouteConfig, 'auth'>,
  ): RouteOptions<S> => {
    const { answer, response, ...own } = schema;
    const status = response && successStatus(response);
    // Set before the handler runs; an error the handler throws still answers its own status.
    const preHandler = status && (async (_request: unknown, reply: FastifyReply) => void reply.code(status));
    return {
      schema: { tags, ...own, response: answer ? answers(answer) : response },
      config: { auth, ...config },
      ...(preHandler && { preHandler }),
    } as RouteOptions<S>;
  };
}

/** The app as a routes file declares on it: under the zod type provider, so each handler's request is typed. */
export type TypedRoutes = ReturnType<typeof typed>;
const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/**
 * A module's routes, as `app.ts` registers them with `(app, ctx)`: `declare` gets the typed app, the module's
 * `route` (`routeOptions(tags)`), the context, and the app itself for what the typed one refuses (a route
 * whose answer is a CSV stream), so a routes file only declares its routes.
 */
export function moduleRoutes(
  tags: string[],
  declare: (
    r: TypedRoutes,
    route: ReturnType<typeof routeOptions>,
    ctx: AppContext,
    app: FastifyInstance,
  ) => void,
): (app: FastifyInstance, ctx: AppContext) => void {
  const route = routeOptions(tags);
  return (app, ctx) => declare(typed(app), route, ctx, app);
}
