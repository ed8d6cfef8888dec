import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { alertsQueryKey } from '../../features/alerts/api/keys.ts';
import type { AlertTicketAction } from '../../features/alerts/components/alert-detail-drawer.tsx';
import { AlertsScreen } from '../../features/alerts/components/alerts-screen.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';
import { preloadable, usePreloadWhenPainted } from '../../lib/preloadable.tsx';

/**
 * The ticket button (its modal's opener and the send request), drawn only in an alert's drawer, which loads on
 * demand: fetched once the screen has painted, not with it.
 */
const sendTicketButton = preloadable(() =>
  import('../../features/tickets/components/send-ticket-button.tsx').then((m) => m.SendTicketButton),
);
const SendTicketButton = sendTicketButton.Component;
/** The button with its wording (the tickets namespace), which the screen's first view does not draw either. */
const ticketButtonAndWording = {
  preload: () => Promise.all([sendTicketButton.preload(), loadNamespaces(['tickets'])]).then(() => undefined),
};

/**
 * The Alerts screen, composed here because an alert's "Open a ticket" is the tickets feature's form,
 * prefilled with the alert and its dependents, for the alert's device (or its first dependent's). The ticket
 * keeps the alert (issue 37): once sent (or refused as a second one), the alert is read again and names it.
 */
export function AlertsWithTickets() {
  const { t } = useTranslation('alerts');
  const client = useQueryClient();
  usePreloadWhenPainted(ticketButtonAndWording);
  const ticketAction: AlertTicketAction = ({ alertId, device, subject, comment }) => (
    <Suspense fallback={null}>
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
        alertId={alertId}
        onSettled={() => void client.invalidateQueries({ queryKey: alertsQueryKey })}
      />
    </Suspense>
  );
  return <AlertsScreen ticketAction={ticketAction} />;
}
