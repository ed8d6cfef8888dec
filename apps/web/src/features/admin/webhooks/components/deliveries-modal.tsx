import { Badge, Button, Code, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { Webhook, WebhookDeliveryState } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../../components/date-text.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { errorMessage } from '../../../../lib/error-handler.ts';
import { toast } from '../../../../lib/notify.ts';
import { redeliver, useWebhookDeliveries, useWebhookMutation } from '../api/webhooks.ts';

const STATE_COLOURS: Record<WebhookDeliveryState, string> = {
  pending: 'yellow',
  delivered: 'green',
  failed: 'red',
};

/** A destination's delivery log, newest first: each try's state, answer and first bytes, and "Send again". */
export function DeliveriesModal({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation('adminWebhooks');
  const deliveries = useWebhookDeliveries(webhook?.id ?? null);
  const again = useWebhookMutation(redeliver);
  return (
    <Modal
      opened={webhook !== null}
      onClose={onClose}
      title={t('log.title', { name: webhook?.name ?? '' })}
      size="xl"
    >
      {deliveries.isPending ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={t('log.loading')} />
        </Group>
      ) : deliveries.isError ? (
        <LoadError error={deliveries.error} title={t('log.failed')} />
      ) : deliveries.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="deliveries-empty">
          {t('log.empty')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="deliveries">
          {deliveries.data.map((d) => (
            <Paper key={d.id} withBorder p="sm" radius="sm">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs" wrap="wrap">
                  <Badge color={STATE_COLOURS[d.state]} variant="light">
                    {t(`log.states.${d.state}`)}
                  </Badge>
                  <Text size="sm" fw={500}>
                    {t(`events.${d.event}`)}
                  </Text>
                  <DateText value={d.lastAttemptAt ?? d.createdAt} />
                </Group>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  loading={again.isPending && again.variables?.deliveryId === d.id}
                  onClick={() =>
                    webhook &&
                    again.mutate(
                      { id: webhook.id, deliveryId: d.id },
                      {
                        onSuccess: () => toast(t('log.queued')),
                        onError: (error) => toast(errorMessage(error), 'danger'),
                      },
                    )
                  }
                >
                  {t('log.redeliver')}
                </Button>
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                {t('log.attempts', { count: d.attempts })}
                {d.responseStatus !== null && ` · ${t('log.status', { status: d.responseStatus })}`}
                {d.nextAttemptAt && ` · ${t('log.next')} `}
              </Text>
              {d.nextAttemptAt && <DateText value={d.nextAttemptAt} size="xs" c="dimmed" />}
              {d.error && (
                <Text size="xs" c="red" mt={4}>
                  {d.error}
                </Text>
              )}
              {d.responseBody && (
                <Code
                  block
                  mt={4}
                  style={{ maxHeight: 96, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                >
                  {d.responseBody}
                </Code>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
