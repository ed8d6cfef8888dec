import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponses, noContent } from '../src/http/route-schemas.ts';
import { routeOptions } from '../src/http/routes.ts';
import type { AuthRule } from '../src/plugins/auth.ts';

const route = routeOptions(['thing']);
const rule: AuthRule = { steps: ['full'], roles: ['ADMINISTRATOR'] };
const Query = z.object({ n: z.coerce.number().int().min(1) });
const Answer = z.object({ twice: z.number() });

describe('routeOptions', () => {
  it('spells out the schema and auth rule a route used to write by hand', () => {
    const options = route(rule, { summary: 'A thing', querystring: Query, answer: Answer });
    expect(options).toEqual({
      schema: {
        tags: ['thing'],
        summary: 'A thing',
        querystring: Query,
        response: { 200: Answer, ...errorResponses },
      },
      config: { auth: rule },
    });
    // The OpenAPI document lists a route's text in the order it is written: tags first, the answers last.
    expect(Object.keys(options.schema)).toEqual(['tags', 'summary', 'querystring', 'response']);
  });

  it('keeps a whole response map as it is given', () => {
    const options = route(rule, {
      summary: 'Remove a thing',
      description: 'Gone',
      params: z.object({ id: z.string() }),
      response: noContent,
    });
    expect(options.schema.response).toBe(noContent);
    expect(Object.keys(options.schema)).toEqual(['tags', 'summary', 'description', 'params', 'response']);
  });

  it('registers a route that validates its inputs, carries its rule and types its request', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const rules: unknown[] = [];
    app.addHook('onRequest', async (request) => {
      rules.push(request.routeOptions.config.auth);
    });
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/thing',
        route(rule, { summary: 'A thing', querystring: Query, response: { 200: Answer } }),
        async (request) => ({
          twice: request.query.n * 2,
        }),
      );
    const ok = await app.inject({ method: 'GET', url: '/thing?n=21' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ twice: 42 });
    const refused = await app.inject({ method: 'GET', url: '/thing?n=0' });
    expect(refused.statusCode).toBe(400);
    expect(rules).toEqual([rule, rule]);
    await app.close();
  });
});
