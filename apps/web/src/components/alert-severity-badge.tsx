import { Badge } from '@mantine/core';
import type { AlertSeverity } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { SEVERITY_COLOUR } from '../lib/alert-display.ts';

/** An alert's severity (Critical, Major, Minor, Info) in its colour. */
export function AlertSeverityBadge({
  severity,
  size = 'sm',
}: {
  severity: AlertSeverity;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation('alerts');
  return (
    <Badge
      color={SEVERITY_COLOUR[severity]}
      variant="light"
      radius="sm"
      size={size}
      style={{ minWidth: 'max-content' }}
      styles={{ label: { textTransform: 'none', overflow: 'visible' } }}
      data-severity={severity}
    >
      {t(`severity.${severity}`)}
    </Badge>
  );
}
