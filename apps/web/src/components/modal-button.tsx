import { Button, type ButtonProps, type ModalProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { type ComponentType, type ReactNode, Suspense, useState } from 'react';
import { loadedLater } from '../lib/loaded-later.ts';
import { useNarrow } from '../lib/use-narrow.ts';

// Mantine's Modal (FocusTrap, ScrollArea, and with them floating-ui's chunk) is no part of a screen's first load:
// fetched when a modal button is first pointed at, focused or pressed.
const modal = loadedLater(() => import('./lazy-modal.ts'));

interface ModalButtonProps {
  /** The button's words and icon (16 px, hidden from screen readers). */
  label: ReactNode;
  icon: Icon;
  variant?: ButtonProps['variant'];
  'data-testid': string;
  /** Called as the modal opens (e.g. to forget the outcome of the last sending). */
  onOpen?: () => void;
  /**
   * Loads what `children` draws when that is a module of its own (a form and its checks, fetched with the modal,
   * not with the screen): the modal opens once it has loaded.
   */
  preload?: () => Promise<unknown>;
  title: ReactNode;
  size: ModalProps['size'];
  /** The modal's content, given the way to close it; mounted per opening, so a form starts afresh each time. */
  children: (close: () => void) => ReactNode;
}

/**
 * A button that opens a form in a centred modal, the whole screen on a phone. The modal and its content load when
 * the button is first pointed at, focused or pressed; it opens once they are there.
 */
export function ModalButton({
  label,
  icon: ButtonIcon,
  variant,
  onOpen,
  preload,
  title,
  size,
  children,
  ...rest
}: ModalButtonProps) {
  const [opened, setOpened] = useState(false);
  const [Modal, setModal] = useState<ComponentType<ModalProps> | null>(
    () => modal.current()?.default ?? null,
  );
  const narrow = useNarrow();
  const load = () => Promise.all([modal.load(), preload?.()]);
  const prefetch = () => void load().catch(() => undefined);
  const close = () => setOpened(false);
  const open = () => {
    onOpen?.();
    load().then(
      ([loaded]) => {
        setModal(() => loaded.default);
        setOpened(true);
      },
      () => undefined,
    );
  };
  return (
    <>
      <Button
        variant={variant}
        leftSection={<ButtonIcon size={16} aria-hidden />}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={open}
        data-testid={rest['data-testid']}
      >
        {label}
      </Button>
      {Modal && (
        <Modal opened={opened} onClose={close} title={title} size={size} fullScreen={narrow} centered>
          {opened && <Suspense fallback={null}>{children(close)}</Suspense>}
        </Modal>
      )}
    </>
  );
}
