import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBellCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertMiniList } from '../../../components/alert-mini-list.tsx';
import { sortAlerts } from '../../../lib/alert-display.ts';
import { alertListPath } from '../../../lib/alert-list-link.ts';
import { useSiteAlerts } from '../api/get-site-alerts.ts';

/**
 * The site's active alerts, worst first: severity, name in the user's language with what was measured,
 * device and time; or 'No active alerts'. Links to the Alerts screen filtered by the site.
 */
export function SiteAlerts({ siteId }: { siteId: string }) {
  const { t } = useTranslation('siteDetail');
  const { t: ta } = useTranslation('alerts');
  const { data: alerts, isPending, isError } = useSiteAlerts(siteId);
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid="site-alerts">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} fz="lg">
          {t('alerts.title')}
        </Title>
        <Anchor component={Link} to={alertListPath('site', siteId, 'cleared')} size="sm">
          {ta('site.history')}
        </Anchor>
      </Group>
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
        <Stack gap="sm">
          <AlertMiniList
            alerts={sortAlerts(alerts)}
            label={t('alerts.title')}
            showDevice
            testId="site-alert-list"
          />
          <Anchor
            component={Link}
            to={alertListPath('site', siteId)}
            size="sm"
            data-testid="site-alerts-link"
          >
            {ta('site.showAll')}
          </Anchor>
        </Stack>
      )}
    </Card>
  );
}
