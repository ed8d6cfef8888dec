import { Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalActions } from './modal-actions.tsx';

export interface ModalFormProps {
  /**
   * Sends the form. The page does not reload (the event's default is prevented first), so a plain function
   * serves as well as a Mantine form's `onSubmit(…)` handler.
   */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Cancel: closes the dialog the form is in. */
  onCancel: () => void;
  /** The submit button's words: the act itself ("Create", "Save"). */
  submitLabel: string;
  /** The form's request is on its way: the submit button spins. */
  loading?: boolean;
  /** Cancel waits for the request (a send that cannot be taken back once started). */
  lockCancel?: boolean;
  submitDisabled?: boolean;
  /** The request failed where no field says so: shown above the buttons (nothing when null). */
  error?: unknown;
  submitTestId?: string;
  'data-testid'?: string;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * The body of a dialog that is a form: its fields, then the request's failure if any, Cancel and the submit
 * button. The form does its own validation (`noValidate`). `FormModal` puts it in a Modal; a form whose dialog
 * is loaded or shown by something else (`ModalButton`, a full-screen modal) renders it inside that.
 */
export function ModalForm({
  onSubmit,
  onCancel,
  children,
  'data-testid': testId,
  ...actions
}: ModalFormProps) {
  const { t } = useTranslation();
  return (
    <form
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event);
      }}
    >
      <Stack gap="md">
        {children}
        <ModalActions {...actions} cancelLabel={t('common.cancel')} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

interface FormModalProps extends Omit<ModalFormProps, 'onCancel'> {
  opened: boolean;
  /** Closes the dialog: its ✕, Escape, a click outside and Cancel. */
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  centered?: boolean;
}

/** A form in a dialog (`ModalForm`): its fields, the request's failure if any, Cancel (which closes it) and submit. */
export function FormModal({ opened, onClose, title, size, centered, ...form }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered={centered}>
      <ModalForm {...form} onCancel={onClose} />
    </Modal>
  );
}
