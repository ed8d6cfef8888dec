import { ErrorBodySchema } from '@vnoc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/route-schemas.ts';
import {
  authenticateSpeedtest,
  countUpload,
  downloadStream,
  SPEEDTEST_MAX_BYTES,
  SPEEDTEST_MESSAGES,
} from './service-speedtest.ts';

const TAGS = ['device-edge'];

const DownloadQuerySchema = z.object({
  bytes: z.coerce
    .number({ error: 'bytes must be a number.' })
    .int({ error: 'bytes must be a whole number.' })
    .min(1, { error: 'bytes must be at least 1.' })
    .max(SPEEDTEST_MAX_BYTES, { error: `bytes must be at most ${SPEEDTEST_MAX_BYTES}.` }),
});

export const SpeedtestUploadSchema = z.object({
  bytes: z.number().int().nonnegative(),
  ms: z.number().int().nonnegative(),
});

const DEVICE_AUTH =
  "HTTP Basic with the device's id and secret (not a person's session); 401 otherwise. Rate-limited per device.";

/**
 * The speed-test endpoint of a device's agent (`speedtestUrl`, default `<apiUrl>/api/edge/speedtest`). The
 * routes take a device's credentials, not a person's token: the auth plugin has no rule for them, the
 * credentials are checked in onRequest, before any body is read.
 */
export function speedtestRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      try {
        await authenticateSpeedtest(ctx, request.headers.authorization, request.ip);
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 401)
          reply.header('www-authenticate', 'Basic realm="vnoc-device", charset="UTF-8"');
        throw err;
      }
    });
    // The upload is counted as it streams, whatever its type: no parser buffers it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => {
      countUpload(payload).then(
        (counted) => done(null, counted),
        (err: Error) => done(err),
      );
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/edge/speedtest/download',
      {
        schema: {
          tags: TAGS,
          security: [{ deviceBasic: [] }],
          summary: 'Speed test: download N bytes',
          description: `Streams \`bytes\` random bytes (at most ${SPEEDTEST_MAX_BYTES}). ${DEVICE_AUTH}`,
          querystring: DownloadQuerySchema,
          response: { 200: z.any().describe('application/octet-stream'), ...errorResponses },
        },
        compress: false,
      },
      async (request, reply) =>
        reply
          .type('application/octet-stream')
          .header('content-length', request.query.bytes)
          .send(downloadStream(request.query.bytes)),
    );

    r.post(
      '/api/edge/speedtest/upload',
      {
        schema: {
          tags: TAGS,
          security: [{ deviceBasic: [] }],
          summary: 'Speed test: upload',
          description: `Reads the body (at most ${SPEEDTEST_MAX_BYTES} bytes, any type) and answers how many bytes came and how long they took. ${SPEEDTEST_MESSAGES.tooLarge} ${DEVICE_AUTH}`,
          response: { 200: SpeedtestUploadSchema, ...errorResponses, 413: ErrorBodySchema },
        },
        bodyLimit: SPEEDTEST_MAX_BYTES + 1,
      },
      async (request) => {
        const counted = request.body as { bytes: number; ms: number } | undefined;
        return counted ?? { bytes: 0, ms: 0 };
      },
    );
  });
}
