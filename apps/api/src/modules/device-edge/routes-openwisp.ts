import { DEVICE_MESSAGE_MAX_BYTES, ErrorBodySchema } from '@vnoc/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/route-schemas.ts';
import { OPENWISP_POSTS_PER_MINUTE, receiveOpenWispReport } from './service-openwisp.ts';

const ParamsSchema = z.object({ uuid: z.string().max(100) });
const QuerySchema = z.object({
  key: z.string().min(1, 'key is required.').max(200),
  time: z.string().max(64).optional(),
  current: z.enum(['true', 'false']).optional(),
});
const AnswerSchema = z.object({ detail: z.literal('ok') });

/**
 * OpenWISP's monitoring agent posts here unchanged (docs/device-protocol.md, section 6). No user token: the
 * device's key is its credential. The body is taken as text, up to the protocol's DEVICE_MESSAGE_MAX_BYTES, and
 * validated by the device edge's ingest (a body that is not JSON is a malformed report like any other: 400).
 */
export function openwispRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: DEVICE_MESSAGE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    // A body past the limit is a report the agent must discard (400), not retry forever (413).
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
      const message = `The report is larger than ${DEVICE_MESSAGE_MAX_BYTES} bytes.`;
      return reply.code(400).send({ id: 'invalid_input', message, errors: [{ path: 'body', message }] });
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const options = (hide: boolean) => ({
      schema: {
        tags: ['device-edge'],
        summary: "A report from OpenWISP's monitoring agent (OpenWrt), authenticated by the device's key",
        description: `The agent posts to this path with a trailing slash (\`/api/v1/monitoring/device/{uuid}/\`), as OpenWISP's server has it; both are served. Body: a NetJSON DeviceMonitoring object (application/json, at most ${DEVICE_MESSAGE_MAX_BYTES} bytes). \`time\` (UTC, DD-MM-YYYY_HH:MM:SS.ffffff): when a buffered sample was taken; \`current=true\` on the live one. 403: wrong or revoked key, or a device that does not report through OpenWISP; 404: no such device; 429: more than ${OPENWISP_POSTS_PER_MINUTE} posts a minute.`,
        security: [{ deviceKey: [] }],
        params: ParamsSchema,
        querystring: QuerySchema,
        response: { 200: AnswerSchema, ...errorResponses, 413: ErrorBodySchema },
        ...(hide ? { hide: true } : {}),
      },
    });
    const handler = (request: {
      params: z.infer<typeof ParamsSchema>;
      query: z.infer<typeof QuerySchema>;
      body: unknown;
    }) =>
      receiveOpenWispReport(ctx, {
        uuid: request.params.uuid,
        key: request.query.key,
        time: request.query.time,
        current: request.query.current,
        body: request.body,
      });
    // As the agent posts it (trailing slash), and without: the document names the one without (OpenAPI paths
    // end without a slash), and says the agent's is the same.
    r.post('/api/v1/monitoring/device/:uuid/', options(true), handler);
    r.post('/api/v1/monitoring/device/:uuid', options(false), handler);
  });
}
