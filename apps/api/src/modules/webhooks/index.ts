// What app.ts wires in of webhooks: the routes, and the sender (bus subscriber and delivery queue).
export { webhookRoutes } from './routes.ts';
export { createWebhookSender, type WebhookSender } from './sender.ts';
