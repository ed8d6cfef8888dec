import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../auth/audit.ts';
import type { AppContext } from '../../context.ts';
import { AppError, Errors } from '../../errors.ts';
import { administrators } from '../../http/auth-rules.ts';
import { answers } from '../../http/route-schemas.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import { devSurfaceGuard } from '../../plugins/dev-surface.ts';
import { scopedDevice } from '../devices/service.ts';

const OutageRequestSchema = z.object({
  deviceId: z.string().max(100),
  minutes: z
    .number({ error: 'Give the outage length in minutes.' })
    .int({ error: 'Give the outage length in whole minutes.' })
    .min(1, { error: 'An outage lasts 1 to 120 minutes.' })
    .max(120, { error: 'An outage lasts 1 to 120 minutes.' }),
});

/**
 * Registered only in the embedded demo (DELIVERY=outbox with the simulator): an administrator takes one of
 * their simulated devices offline for a while, to watch the console raise, correlate and clear the alerts.
 */
export function devSimulatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/dev/simulator/outage',
    {
      onRequest: devSurfaceGuard(ctx.config),
      schema: {
        tags: ['dev'],
        summary: 'Take a simulated device offline (embedded demo only)',
        body: OutageRequestSchema,
        response: answers(z.object({ ok: z.literal(true), backAt: z.string() })),
      },
      config: { auth: administrators },
    },
    async (request) => {
      const auth = authOf(request);
      const { device } = await scopedDevice(ctx, auth.user, request.body.deviceId);
      const done = await ctx.simulator.outage(device.id, request.body.minutes);
      if (done === 'no-simulator') throw new AppError(409, 'conflict', 'The simulator is not running.');
      if (!done) throw Errors.conflict('conflict', 'The device is not up.');
      await audit(ctx.db, {
        action: 'dev.outage',
        user: auth.user,
        impersonatorId: auth.impersonator?.id,
        target: device.id,
        detail: { minutes: request.body.minutes },
        meta: metaOf(request),
      });
      const backAt = new Date(
        Date.now() + (request.body.minutes * 60_000) / ctx.config.simSpeed,
      ).toISOString();
      return { ok: true as const, backAt };
    },
  );
}
