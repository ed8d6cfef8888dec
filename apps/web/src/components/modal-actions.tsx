import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
