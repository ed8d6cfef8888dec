import { useTranslation } from 'react-i18next';
import type { AlertTicketAction } from '../../features/alerts/components/alert-detail-drawer.tsx';
import { AlertsScreen } from '../../features/alerts/components/alerts-screen.tsx';
import { SendTicketButton } from '../../features/tickets/components/send-ticket-button.tsx';

/**
 * The Alerts screen, composed here because an alert's "Open a ticket" is the tickets feature's form,
 * prefilled with the alert and its dependents, for the alert's device (or its first dependent's).
 */
export function AlertsWithTickets() {
  const { t } = useTranslation('alerts');
  const ticketAction: AlertTicketAction = ({ device, subject, comment }) => (
    <SendTicketButton
      device={{
        id: device.id,
        macAddress: device.macAddress,
        deviceModelType: { manufacturer: '', model: device.model },
        site: { id: device.siteId, name: device.siteName },
      }}
      initialSubject={subject}
      initialComment={comment}
      label={t('detail.openTicket')}
    />
  );
  return <AlertsScreen ticketAction={ticketAction} />;
}
