import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  TICKET_COMMENT_MAX,
  TICKET_SUBJECT_MAX,
  type Ticket,
  type TicketRequest,
  TicketRequestSchema,
} from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CountedTextarea } from '../../../components/counted-textarea.tsx';
import { ModalForm } from '../../../components/form-modal.tsx';
import { fieldRefusal } from '../../../lib/error-handler.ts';
import { fieldErrors, issueMessage } from '../../../lib/form-validation.ts';
import { hideToast, toast } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import type { useSendTicket } from '../api/send-ticket.ts';
import type { TicketDevice } from './send-ticket-button.tsx';

// The shared schema speaks English; these of its messages have a twin in tickets.json.
const messageKeys: Record<string, 'send.validation.subject' | 'send.validation.comment'> = {
  'Enter a subject.': 'send.validation.subject',
  'Describe the problem.': 'send.validation.comment',
};

/** The form's errors from TicketRequestSchema: field → first message, in the current language. */
export function ticketFormErrors(values: TicketRequest, t: TFunction<'tickets'>): Record<string, string> {
  const result = TicketRequestSchema.safeParse(values);
  if (result.success) return {};
  return fieldErrors(result.error.issues, (issue) => {
    const key = messageKeys[issue.message];
    return key ? t(key) : issueMessage(issue, t);
  });
}

/** A 400 about one field (the server's own check of subject or comment), to show under that field. */
const fieldOfError = (error: unknown) => fieldRefusal(error, ['subject', 'comment'] as const);

/** The success toast: the spec's message and a link to the new ticket. */
function TicketSentMessage({ ticket, onOpen }: { ticket: Ticket; onOpen: (event: MouseEvent) => void }) {
  const { t } = useTranslation('tickets');
  return (
    <Stack gap={2}>
      <Text size="sm">{t('send.success')}</Text>
      <Anchor href={paths.ticket(ticket.id)} onClick={onOpen} size="sm" data-testid="ticket-sent-link">
        {t('send.viewTicket', { number: ticket.number })}
      </Anchor>
    </Stack>
  );
}

export interface SendTicketFormProps {
  device: TicketDevice;
  send: ReturnType<typeof useSendTicket>;
  onClose: () => void;
  initialValues: TicketRequest;
  /** The alert the ticket is sent from, if any. */
  alertId?: string;
  onSettled?: () => void;
}

/** The ticket form in its modal (`SendTicketButton` loads it with the modal). */
export function SendTicketForm({
  device,
  send,
  onClose,
  initialValues,
  alertId,
  onSettled,
}: SendTicketFormProps) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const form = useForm<TicketRequest>({
    initialValues,
    validate: (values) => ticketFormErrors(values, t),
  });
  const fieldError = fieldOfError(send.error);

  const onSubmit = form.onSubmit((values) => {
    send.mutate(TicketRequestSchema.parse({ ...values, alertId }), {
      onSettled,
      onSuccess: (ticket) => {
        onClose();
        // The toast lives outside the router: its link navigates through this screen's navigate.
        const id = toast(
          <TicketSentMessage
            ticket={ticket}
            onOpen={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                return;
              event.preventDefault();
              hideToast(id);
              void navigate(paths.ticket(ticket.id));
            }}
          />,
        );
      },
      onError: (error) => {
        const field = fieldOfError(error);
        if (field) form.setFieldError(field.field, field.message);
      },
    });
  });

  return (
    <ModalForm
      onSubmit={onSubmit}
      onCancel={onClose}
      error={fieldError ? null : send.error}
      submitLabel={t('send.submit')}
      loading={send.isPending}
      lockCancel
      submitTestId="send-ticket-submit"
      data-testid="send-ticket-form"
    >
      <Text size="sm" c="dimmed" data-testid="send-ticket-device">
        {t('send.device', {
          model: [device.deviceModelType.manufacturer, device.deviceModelType.model]
            .filter(Boolean)
            .join(' '),
          mac: device.macAddress,
          site: device.site.name,
        })}
      </Text>
      <TextInput
        {...form.getInputProps('subject')}
        label={t('send.subject')}
        placeholder={t('send.subjectPlaceholder')}
        maxLength={TICKET_SUBJECT_MAX}
        required
        data-autofocus
        data-testid="send-ticket-subject"
      />
      <CountedTextarea
        {...form.getInputProps('comment')}
        label={t('send.comment')}
        placeholder={t('send.commentPlaceholder')}
        max={TICKET_COMMENT_MAX}
        rows={6}
        required
        data-testid="send-ticket-comment"
      />
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconInfoCircle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">{t('send.attached')}</Text>
      </Group>
    </ModalForm>
  );
}
