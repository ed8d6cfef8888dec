import { IconTicket } from '@tabler/icons-react';
import type { Device } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { ModalButton } from '../../../components/modal-button.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { canRunDiagnostics } from '../../../lib/permissions.ts';
import { preloadable } from '../../../lib/preloadable.tsx';
import { useSendTicket } from '../api/send-ticket.ts';

/** What the ticket form needs of the device (a Device has it; an alert names its device likewise). */
export type TicketDevice = Pick<Device, 'id' | 'macAddress' | 'deviceModelType' | 'site'>;

// The form (@mantine/form, the ticket's schema, zod) loads with its modal, not with the screen.
const form = preloadable(() => import('./send-ticket-form.tsx').then((m) => m.SendTicketForm));

interface SendTicketButtonProps {
  device: TicketDevice;
  /** What the form starts with (e.g. an alert's summary); empty by default. */
  initialSubject?: string;
  initialComment?: string;
  /** The button's text; "Send support ticket" by default. */
  label?: string;
  /** The alert it is sent from (issue 37): the ticket keeps it and its notes. */
  alertId?: string;
  /** After the ticket was sent or refused (e.g. to refresh the alert that now names its ticket). */
  onSettled?: () => void;
}

/**
 * "Send support ticket" on a device: subject and comment in a modal; the device, its site and its latest
 * diagnostic results go with it. Hidden from READ_ONLY users and without the `diagnostics` entitlement.
 */
export function SendTicketButton({
  device,
  initialSubject = '',
  initialComment = '',
  label,
  alertId,
  onSettled,
}: SendTicketButtonProps) {
  const { t } = useTranslation('tickets');
  const { claims } = useAuth();
  // Held here, not in the form: a ticket sent while the modal is closed early still reports its outcome.
  const send = useSendTicket(device.id);
  if (!canRunDiagnostics(claims)) return null;
  return (
    <ModalButton
      label={label ?? t('send.open')}
      icon={IconTicket}
      variant="default"
      data-testid="send-ticket"
      onOpen={send.reset}
      preload={form.preload}
      title={t('send.title')}
      size="lg"
    >
      {(close) => (
        <form.Component
          device={device}
          send={send}
          onClose={close}
          initialValues={{ subject: initialSubject, comment: initialComment }}
          alertId={alertId}
          onSettled={onSettled}
        />
      )}
    </ModalButton>
  );
}
