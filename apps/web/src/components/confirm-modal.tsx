import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from './form-error.tsx';

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  cancelLabel: string;
  /** The red button's words: the act itself ("Revoke", "Delete"). */
  confirmLabel: string;
  onConfirm: () => void;
  /** The act is on its way: the red button spins. */
  loading?: boolean;
  /** Cancel waits for the act once it has started. */
  lockCancel?: boolean;
  /** The act failed: its message above the buttons (nothing when null). */
  error?: unknown;
  confirmTestId?: string;
  centered?: boolean;
  /** Which button has the focus as it opens (Mantine's first focusable element otherwise). */
  focus?: 'cancel' | 'confirm';
}

/** Asks before an act that cannot be taken back (revoke, delete, reject, end): what it does, Cancel and the act in red. */
export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  cancelLabel,
  confirmLabel,
  onConfirm,
  loading = false,
  lockCancel = false,
  error = null,
  confirmTestId,
  centered,
  focus,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered={centered}>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        <FormError error={error} />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={onClose}
            disabled={lockCancel && loading}
            data-autofocus={focus === 'cancel' || undefined}
          >
            {cancelLabel}
          </Button>
          <Button
            color="red"
            loading={loading}
            onClick={onConfirm}
            data-testid={confirmTestId}
            data-autofocus={focus === 'confirm' || undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
