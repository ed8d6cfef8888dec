import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useSiteMaintenance } from '../api/get-site-maintenance.ts';

/** A banner while the site is in a maintenance window (or has one scheduled); nothing otherwise. */
export function SiteMaintenanceBanner({ siteId }: { siteId: string }) {
  const { t } = useTranslation('alerts');
  const { data: windows } = useSiteMaintenance(siteId);
  if (!windows || windows.length === 0) return null;
  const active = windows.filter((w) => w.state === 'active');
  const shown = active.length > 0 ? active : windows.filter((w) => w.state === 'scheduled');
  if (shown.length === 0) return null;
  const inProgress = active.length > 0;
  return (
    <Alert
      color={inProgress ? 'grape' : 'blue'}
      variant="light"
      icon={<IconTool size={20} aria-hidden />}
      data-testid="site-maintenance-banner"
      data-state={inProgress ? 'active' : 'scheduled'}
    >
      <Stack gap={4}>
        {shown.map((w) => (
          <Text key={w.id} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {inProgress
              ? t('site.maintenanceActive', { end: formatDate(w.endsAt), reason: w.reason })
              : t('site.maintenanceScheduled', {
                  start: formatDate(w.startsAt),
                  end: formatDate(w.endsAt),
                  reason: w.reason,
                })}
          </Text>
        ))}
        <Text size="sm">
          {t('site.maintenanceText')}{' '}
          <Anchor component={Link} to={paths.alertsMaintenance} size="sm">
            {t('site.maintenanceLink')}
          </Anchor>
        </Text>
      </Stack>
    </Alert>
  );
}
