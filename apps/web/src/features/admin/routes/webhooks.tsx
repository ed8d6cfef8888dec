import { WebhooksScreen } from '../webhooks/components/webhooks-screen.tsx';

/** Administration → Webhooks (ADMINISTRATOR): signed webhooks to the organization's own tools (issue 38). */
export function Component() {
  return <WebhooksScreen />;
}
