import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * What the attack tests (attack-*.test.ts) share: the routes as the OpenAPI document describes them, so a route
 * added tomorrow is attacked too, and calls from a client address of their own each, so the per-address
 * throttles never answer in a route's place.
 */

/** A JSON Schema node as the OpenAPI document gives it (what the route's zod schema became). */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  additionalProperties?: JsonSchema | boolean;
};

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
};

export type Route = {
  method: string;
  /** As documented: `/api/site/{id}` */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the route takes one. */
  body?: JsonSchema;
};

export const key = (r: Pick<Route, 'method' | 'path'>) => `${r.method} ${r.path}`;

export async function documentedRoutes(app: FastifyInstance): Promise<Route[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
      >
    >;
  };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      })),
  );
}

/** The path's parameters filled in: `values[name]`, or `fallback` for any not given. */
export const urlOf = (path: string, values: Record<string, string> | string, query = '') =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    // A lone surrogate cannot be put in a URL: it goes as U+FFFD, as a browser sends it.
    encodeURIComponent(
      (typeof values === 'string' ? values : (values[name] ?? randomUUID())).replace(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
        '\uFFFD',
      ),
    ),
  ) + (query ? `?${query}` : '');

let client = 0;
/** A loopback-free client address no other call used. */
export const nextClientAddress = () => {
  client += 1;
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
};

/** One call as an outside client makes it: its own address, the token's header, a JSON body when given. */
export const send = (
  app: FastifyInstance,
  route: Pick<Route, 'method' | 'path'>,
  options: { token?: string; params?: Record<string, string> | string; query?: string; payload?: string },
) =>
  app.inject({
    method: route.method as 'GET',
    remoteAddress: nextClientAddress(),
    url: urlOf(route.path, options.params ?? randomUUID(), options.query),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });

/** A stack trace or a source path in an answer: what a 4xx must never carry. */
export const LEAKS_INTERNALS = /\n\s+at [^\n]+:\d+:\d+|node_modules|\/apps\/api\/src\//;
