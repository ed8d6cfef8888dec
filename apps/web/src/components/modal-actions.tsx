import { Button, Group } from '@mantine/core';
import { FormError } from './form-error.tsx';

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
  /** The form's request failed where no field says so: shown above the buttons (nothing when null). */
  error?: unknown;
}

/** The end of a form in a modal: its request's failure if any, then Cancel and the submit button, at the right. */
export function ModalActions({
  cancelLabel,
  submitLabel,
  onCancel,
  loading = false,
  lockCancel = false,
  submitDisabled,
  submitTestId,
  error,
}: ModalActionsProps) {
  return (
    <>
      <FormError error={error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={lockCancel && loading}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={loading} disabled={submitDisabled} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
