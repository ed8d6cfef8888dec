import {
  WebhookCreateSchema,
  WebhookDeliverySchema,
  WebhookRotateSchema,
  WebhookSchema,
  WebhookTestResultSchema,
  WebhookUpdateSchema,
  WebhookWithSecretSchema,
} from '@vnoc/contracts';
import { z } from 'zod';
import { administrators, administratorsAsSelf } from '../../http/auth-rules.ts';
import { created, IdParamsSchema, noContent } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf, metaOf } from '../../plugins/auth.ts';
import * as webhooks from './service.ts';

const DeliveryParamsSchema = z.object({ id: z.string().max(100), deliveryId: z.string().max(100) });

/**
 * Webhooks are an organization-wide setting: its ADMINISTRATOR's. A signing secret is made and shown only to the
 * administrator in their own name, never to support acting as them (issue 38).
 */
export const webhookRoutes = moduleRoutes(['webhooks'], (r, route, ctx) => {
  r.get(
    '/api/webhooks',
    route(administrators, {
      summary: "The organization's webhook destinations (ADMINISTRATOR)",
      answer: z.array(WebhookSchema),
    }),
    async (request) => webhooks.listWebhooks(ctx, authOf(request).user),
  );

  r.post(
    '/api/webhooks',
    route(administratorsAsSelf, {
      summary: 'Register a webhook destination; answers its signing secret, shown this once (ADMINISTRATOR)',
      body: WebhookCreateSchema,
      response: created(WebhookWithSecretSchema),
    }),
    async (request) => webhooks.createWebhook(ctx, authOf(request), request.body, metaOf(request)),
  );

  r.get(
    '/api/webhooks/:id',
    route(administrators, {
      summary: 'A webhook destination (ADMINISTRATOR)',
      params: IdParamsSchema,
      answer: WebhookSchema,
    }),
    async (request) => webhooks.getWebhook(ctx, authOf(request).user, request.params.id),
  );

  r.put(
    '/api/webhooks/:id',
    route(administratorsAsSelf, {
      summary: 'Change a webhook destination (ADMINISTRATOR)',
      params: IdParamsSchema,
      body: WebhookUpdateSchema,
      answer: WebhookSchema,
    }),
    async (request) =>
      webhooks.updateWebhook(ctx, authOf(request), request.params.id, request.body, metaOf(request)),
  );

  r.delete(
    '/api/webhooks/:id',
    route(administrators, {
      summary: 'Remove a webhook destination (ADMINISTRATOR)',
      params: IdParamsSchema,
      response: noContent,
    }),
    async (request) => webhooks.deleteWebhook(ctx, authOf(request), request.params.id, metaOf(request)),
  );

  r.post(
    '/api/webhooks/:id/secret',
    route(administratorsAsSelf, {
      summary: 'Rotate the signing secret; the one replaced still signs during the overlap (ADMINISTRATOR)',
      params: IdParamsSchema,
      body: WebhookRotateSchema,
      answer: WebhookWithSecretSchema,
    }),
    async (request) =>
      webhooks.rotateWebhookSecret(ctx, authOf(request), request.params.id, request.body, metaOf(request)),
  );

  r.post(
    '/api/webhooks/:id/test',
    route(administrators, {
      summary:
        'Send a test message in the preset’s format and answer what the destination said (ADMINISTRATOR)',
      params: IdParamsSchema,
      answer: WebhookTestResultSchema,
    }),
    async (request) => webhooks.testWebhook(ctx, authOf(request), request.params.id, metaOf(request)),
  );

  r.post(
    '/api/webhooks/:id/resume',
    route(administrators, {
      summary: 'Send to a paused destination again (ADMINISTRATOR)',
      params: IdParamsSchema,
      answer: WebhookSchema,
    }),
    async (request) => webhooks.resumeWebhook(ctx, authOf(request), request.params.id, metaOf(request)),
  );

  r.get(
    '/api/webhooks/:id/deliveries',
    route(administrators, {
      summary: 'The latest 100 deliveries to a destination, newest first (ADMINISTRATOR)',
      params: IdParamsSchema,
      answer: z.array(WebhookDeliverySchema),
    }),
    async (request) => webhooks.listWebhookDeliveries(ctx, authOf(request).user, request.params.id),
  );

  r.post(
    '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    route(administrators, {
      summary: 'Send a delivery again (ADMINISTRATOR)',
      params: DeliveryParamsSchema,
      answer: WebhookDeliverySchema,
    }),
    async (request) =>
      webhooks.redeliverWebhook(
        ctx,
        authOf(request),
        request.params.id,
        request.params.deliveryId,
        metaOf(request),
      ),
  );
});
