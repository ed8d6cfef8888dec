import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ModalForm, type ModalFormProps } from './modal-actions.tsx';

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
