import { Anchor, type AnchorProps, Text } from '@mantine/core';
import type { Alert } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/**
 * "Ticket #1001" linking to the ticket sent from the alert (issue 37), with "closed" after it when it is.
 * In a table row it stays out of the tab order and does not open the row (`inRow`).
 */
export function AlertTicketLink({
  ticket,
  inRow = false,
  ...props
}: AnchorProps & { ticket: NonNullable<Alert['ticket']>; inRow?: boolean }) {
  const { t } = useTranslation('alerts');
  return (
    <Text span size={props.size}>
      <Anchor
        component={Link}
        to={paths.ticket(ticket.id)}
        data-testid="alert-ticket-link"
        {...(inRow ? { tabIndex: -1, onClick: (event) => event.stopPropagation() } : {})}
        {...props}
      >
        {t('detail.ticketLink', { number: ticket.number })}
      </Anchor>
      {ticket.status === 'closed' && (
        <Text span inherit c="dimmed">
          {' · '}
          {t('detail.ticketClosed')}
        </Text>
      )}
    </Text>
  );
}
