import { Badge, Group, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame.tsx';
import { displayName } from '../../../lib/user-name.ts';
import { useUserProfile } from '../../../lib/user-profile.ts';
import { DashboardGrid } from '../components/dashboard-grid.tsx';
import {
  ActiveAlertsWidget,
  DeviceTableWidget,
  DeviceTotalsWidget,
  SiteMapWidget,
  SiteTableWidget,
  UptimeWidget,
} from '../components/widgets.tsx';
import { BASE_DASHBOARD, type Widget } from '../utils/base-dashboard.ts';

function renderWidget(widget: Widget) {
  switch (widget.type) {
    case 'SiteMap':
      return <SiteMapWidget />;
    case 'DeviceTotals':
      return <DeviceTotalsWidget />;
    case 'Uptime':
      return <UptimeWidget />;
    case 'DeviceTable':
      return <DeviceTableWidget />;
    case 'SiteTable':
      return <SiteTableWidget />;
    case 'ActiveAlerts':
      return <ActiveAlertsWidget />;
    default:
      return null;
  }
}

/** Dashboards (/dashboard): greets the signed-in user, then the built-in base dashboard `vnoc`. */
export function Component() {
  const { t } = useTranslation();
  const { t: td } = useTranslation('dashboards');
  const { data: user, isPending } = useUserProfile();
  const name = displayName(user);
  const heading =
    isPending && !user ? (
      <Skeleton height={32} width={260} />
    ) : name ? (
      t('dashboard.greeting', { name })
    ) : (
      t('dashboard.greetingAnonymous')
    );
  return (
    <PageFrame title={heading}>
      <Group justify="space-between" mt={-12} gap="xs">
        {user && (
          <Text data-testid="dashboard-organization">
            {t('dashboard.organization', {
              organization: user.organization.name,
              role: t(`roles.${user.role}`),
            })}
          </Text>
        )}
        <Group gap="xs">
          <Text fw={600}>{td('baseName')}</Text>
          <Badge variant="light" color="gray" tt="none">
            {td('builtIn')}
          </Badge>
        </Group>
      </Group>
      <DashboardGrid widgets={BASE_DASHBOARD.widgets} renderWidget={renderWidget} />
    </PageFrame>
  );
}
