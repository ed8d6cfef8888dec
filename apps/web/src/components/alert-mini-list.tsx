import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { Alert } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { alertDeviceLabel, alertMeasuredText, alertName, alertPlace } from '../lib/alert-display.ts';
import { formatDate } from '../lib/format.ts';
import { paths } from '../lib/paths.ts';
import { AlertMarkIcon } from './alert-mark-badge.tsx';
import { AlertSeverityBadge } from './alert-severity-badge.tsx';
import { PlainList } from './plain-list.tsx';

interface AlertMiniListProps {
  alerts: readonly Alert[];
  /** Accessible name of the list. */
  label: string;
  /** Show each alert's site (a list over several sites). */
  showSite?: boolean;
  /** Show each alert's device (a list over several devices). */
  showDevice?: boolean;
  testId?: string;
}

/**
 * A short list of alerts for a panel or widget: severity, name in the user's language with what was
 * measured, where (site and device, linked) and when it was raised; acknowledged and maintenance marks.
 */
export function AlertMiniList({ alerts, label, showSite, showDevice, testId }: AlertMiniListProps) {
  const { t, i18n } = useTranslation('alerts');
  const lang = i18n.language;
  return (
    <PlainList gap="sm" aria-label={label} data-testid={testId}>
      {alerts.map((alert) => {
        const measured = alertMeasuredText(alert, lang);
        const device = alertDeviceLabel(alert);
        return (
          <Group
            component="li"
            key={alert.id}
            gap="sm"
            wrap="nowrap"
            align="flex-start"
            data-testid="alert-mini-item"
            data-alert-id={alert.id}
          >
            <AlertSeverityBadge severity={alert.severity} />
            <Stack gap={2} miw={0} style={{ flex: 1 }}>
              <Group gap={6} wrap="nowrap" miw={0}>
                <Text size="sm" fw={600} truncate="end">
                  {alertName(alert.code, lang)}
                </Text>
                {alert.inMaintenance && <AlertMarkIcon mark="maintenance" />}
                {alert.acknowledgedAt && <AlertMarkIcon mark="acknowledged" />}
              </Group>
              {measured && (
                <Text size="xs" c="dimmed">
                  {measured}
                </Text>
              )}
              <Group gap={4} wrap="wrap" c="dimmed" fz="xs">
                {showSite && alert.siteId && (
                  <Anchor component={Link} to={paths.site(alert.siteId)} size="xs">
                    {alert.siteName}
                  </Anchor>
                )}
                {showSite && !alert.siteId && alertPlace(alert) && <Text size="xs">{alertPlace(alert)}</Text>}
                {showDevice && alert.siteId && alert.deviceId && device && (
                  <Anchor component={Link} to={paths.device(alert.siteId, alert.deviceId)} size="xs">
                    {device}
                  </Anchor>
                )}
                <Text size="xs" c="dimmed">
                  {t('raisedAt', { date: formatDate(alert.raisedAt) })}
                </Text>
              </Group>
            </Stack>
          </Group>
        );
      })}
    </PlainList>
  );
}
