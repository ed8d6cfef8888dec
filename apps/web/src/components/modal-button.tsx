import { Button, type ButtonProps, Modal, type ModalProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useNarrow } from '../lib/use-narrow.ts';

interface ModalButtonProps {
  /** The button's words and icon (16 px, hidden from screen readers). */
  label: ReactNode;
  icon: Icon;
  variant?: ButtonProps['variant'];
  'data-testid': string;
  /** Called as the modal opens (e.g. to forget the outcome of the last sending). */
  onOpen?: () => void;
  title: ReactNode;
  size: ModalProps['size'];
  /** The modal's content, given the way to close it; mounted per opening, so a form starts afresh each time. */
  children: (close: () => void) => ReactNode;
}

/** A button that opens a form in a centred modal, the whole screen on a phone. */
export function ModalButton({
  label,
  icon: ButtonIcon,
  variant,
  onOpen,
  title,
  size,
  children,
  ...rest
}: ModalButtonProps) {
  const [opened, setOpened] = useState(false);
  const narrow = useNarrow();
  const close = () => setOpened(false);
  const open = () => {
    onOpen?.();
    setOpened(true);
  };
  return (
    <>
      <Button
        variant={variant}
        leftSection={<ButtonIcon size={16} aria-hidden />}
        onClick={open}
        data-testid={rest['data-testid']}
      >
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={title} size={size} fullScreen={narrow} centered>
        {opened && children(close)}
      </Modal>
    </>
  );
}
