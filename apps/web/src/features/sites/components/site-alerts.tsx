import { Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBellCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSiteAlerts } from '../api/get-site-alerts.ts';

const severityColour = { critical: 'red', major: 'orange', minor: 'yellow', info: 'blue' } as const;

/** The site's active alerts, or 'No active alerts'. */
export function SiteAlerts({ siteId }: { siteId: string }) {
  const { t } = useTranslation('siteDetail');
  const { data: alerts, isPending, isError } = useSiteAlerts(siteId);
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Title order={2} fz="lg" mb="md">
        {t('alerts.title')}
      </Title>
      {isPending ? (
        <Skeleton height={48} />
      ) : isError ? (
        <Text c="red">{t('alerts.failed')}</Text>
      ) : alerts.length === 0 ? (
        <Group gap="sm" wrap="nowrap" data-testid="site-alerts-empty">
          <IconBellCheck size={22} aria-hidden />
          <Stack gap={0}>
            <Text fw={600}>{t('alerts.empty')}</Text>
            <Text size="sm" c="dimmed">
              {t('alerts.emptyText')}
            </Text>
          </Stack>
        </Group>
      ) : (
        <Stack gap="xs">
          {alerts.map((alert) => (
            <Group key={alert.id} gap="sm" wrap="nowrap">
              <Badge color={severityColour[alert.severity]}>{t(`alerts.severity.${alert.severity}`)}</Badge>
              <Text size="sm">{alert.message}</Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
