import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNarrow } from '../../../lib/use-narrow.ts';

interface ProvisioningModalProps {
  title: ReactNode;
  size: ModalProps['size'];
  onClose: () => void;
  children: ReactNode;
}

/** The provisioning screen's modals (add, import, a secret): open while shown, the whole screen on a phone. */
export function ProvisioningModal({ title, size, onClose, children }: ProvisioningModalProps) {
  const narrow = useNarrow();
  return (
    <Modal fullScreen={narrow} opened onClose={onClose} title={title} size={size}>
      {children}
    </Modal>
  );
}
