import { Badge } from '@mantine/core';
import type { TicketStatus } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';

/** Open (blue) or Closed (grey). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('tickets');
  return (
    <Badge
      color={status === 'open' ? 'blue' : 'gray'}
      variant="light"
      radius="sm"
      styles={{ label: { textTransform: 'none' } }}
      data-testid="ticket-status"
    >
      {status === 'open' ? t('status.open') : t('status.closed')}
    </Badge>
  );
}
