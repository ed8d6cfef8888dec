import { Button, Group, type MantineSpacing } from '@mantine/core';

interface ModalActionsProps {
  cancelLabel: string;
  submitLabel: string;
  onCancel: () => void;
  /** The form's request is on its way: the submit button spins (and cancel too is locked when asked). */
  loading?: boolean;
  /** Cancel waits for the request (a send that cannot be taken back once started). */
  lockCancel?: boolean;
  submitDisabled?: boolean;
  submitTestId?: string;
  mt?: MantineSpacing;
}

/** The end of a form in a modal: Cancel, then the submit button, at the right. */
export function ModalActions({
  cancelLabel,
  submitLabel,
  onCancel,
  loading = false,
  lockCancel = false,
  submitDisabled,
  submitTestId,
  mt,
}: ModalActionsProps) {
  return (
    <Group justify="flex-end" gap="sm" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={lockCancel && loading}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={loading} disabled={submitDisabled} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Group>
  );
}
