import { Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalActions } from './modal-actions.tsx';

interface FormModalProps {
  opened: boolean;
  /** Closes the dialog: its ✕, Escape, a click outside and Cancel. */
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  centered?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The submit button's words: the act itself ("Create", "Save"). */
  submitLabel: string;
  /** The form's request is on its way: the submit button spins. */
  loading?: boolean;
  /** The request failed where no field says so: shown above the buttons (nothing when null). */
  error?: unknown;
  submitTestId?: string;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * A form in a dialog: its fields, then the request's failure if any, Cancel (which closes it) and the submit
 * button. The form does its own validation (`noValidate`).
 */
export function FormModal({
  opened,
  onClose,
  title,
  size,
  centered,
  onSubmit,
  children,
  ...actions
}: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered={centered}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <ModalActions {...actions} cancelLabel={t('common.cancel')} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
