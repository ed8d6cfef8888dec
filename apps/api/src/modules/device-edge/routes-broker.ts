import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { authorizeBrokerClient, authorizeBrokerTopic, brokerTokenValid } from './service-broker.ts';

const text = z.string().max(256);
const AuthBodySchema = z.object({ clientid: text, username: text, password: z.string().max(1024) });
const AclBodySchema = z.object({
  clientid: text,
  username: text,
  topic: z.string().max(1024),
  action: z.enum(['publish', 'subscribe']).optional(),
  acc: z.coerce.number().int().min(1).max(4).optional(),
});
const ResultSchema = z.object({ result: z.enum(['allow', 'deny']) });
const schema = <B extends z.ZodType>(body: B, summary: string) => ({
  tags: ['device-edge'],
  summary,
  security: [{ brokerToken: [] }],
  body,
  response: { 200: ResultSchema, 401: ResultSchema, 403: ResultSchema },
});

/**
 * An external broker's HTTP authentication and ACL calls (docs/device-protocol.md, section 5). Registered only
 * when MQTT_AUTH_TOKEN is set (otherwise they answer 404); the broker proves itself with that bearer token.
 */
export function brokerRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.mqtt.authToken) return;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const answer = (allowed: boolean) => ({ result: allowed ? ('allow' as const) : ('deny' as const) });

  typed.post(
    '/api/edge/mqtt/auth',
    { schema: schema(AuthBodySchema, 'May this client connect to the MQTT broker?') },
    async (request, reply) => {
      if (!brokerTokenValid(ctx, bearerToken(request))) return reply.code(401).send(answer(false));
      const allowed = await authorizeBrokerClient(ctx, request.body);
      return reply.code(allowed ? 200 : 403).send(answer(allowed));
    },
  );

  typed.post(
    '/api/edge/mqtt/acl',
    { schema: schema(AclBodySchema, 'May this client publish to or subscribe to this topic?') },
    async (request, reply) => {
      if (!brokerTokenValid(ctx, bearerToken(request))) return reply.code(401).send(answer(false));
      const allowed = authorizeBrokerTopic(request.body);
      return reply.code(allowed ? 200 : 403).send(answer(allowed));
    },
  );
}
