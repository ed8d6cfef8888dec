import { Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FEEDBACK_MESSAGE_MAX, FeedbackBodySchema } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CountedTextarea } from '../../../components/counted-textarea.tsx';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { errorMessage } from '../../../lib/error-handler.ts';
import { schemaValidator } from '../../../lib/form-validation.ts';
import { toast } from '../../../lib/notify.ts';
import { useNarrow } from '../../../lib/use-narrow.ts';
import { useSendFeedback } from '../api/send-feedback.ts';

const MessageSchema = FeedbackBodySchema.pick({ message: true });

/**
 * The note itself: what the person thinks of the console, sent with the page they are on. The outcome is a
 * toast either way; a refused note stays in the box to try again.
 */
function FeedbackForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const send = useSendFeedback();
  const form = useForm({ initialValues: { message: '' }, validate: schemaValidator(MessageSchema, t) });

  const onSubmit = form.onSubmit(({ message }) => {
    send.mutate(
      { message, page: pathname },
      {
        onSuccess: () => {
          onClose();
          toast(t('feedback.sent'));
        },
        onError: (error) => toast(errorMessage(error), 'danger', t('feedback.failed')),
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} data-testid="feedback-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('feedback.intro')}
        </Text>
        <CountedTextarea
          {...form.getInputProps('message')}
          label={t('feedback.message')}
          placeholder={t('feedback.placeholder')}
          max={FEEDBACK_MESSAGE_MAX}
          rows={6}
          required
          data-autofocus
          data-testid="feedback-message"
        />
        <ModalActions
          cancelLabel={t('common.cancel')}
          submitLabel={t('feedback.submit')}
          onCancel={onClose}
          loading={send.isPending}
          submitTestId="feedback-submit"
        />
      </Stack>
    </form>
  );
}

/** The main layout's feedback (spec part 2): a note for the provider, opened from the user menu. */
export function FeedbackModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('feedback.title')}
      size="lg"
      fullScreen={narrow}
      centered
    >
      {opened && <FeedbackForm onClose={onClose} />}
    </Modal>
  );
}
