import { Button, Group } from '@mantine/core';
import { FormError } from './form-error.tsx';

interface FormSubmitProps {
  /** Why the last send failed; nothing is shown without one. */
  error?: unknown;
  /** The request is on its way: the button spins and cannot be pressed twice. */
  loading: boolean;
  label: string;
  /** A public page's form fills the card's width; a settings form keeps its button at the right. */
  fullWidth?: boolean;
  'data-testid'?: string;
}

/** The end of a form: why the last send failed (if it did), then the submit button. */
export function FormSubmit({
  error,
  loading,
  label,
  fullWidth = false,
  'data-testid': testId,
}: FormSubmitProps) {
  const button = (
    <Button type="submit" loading={loading} fullWidth={fullWidth} data-testid={testId}>
      {label}
    </Button>
  );
  return (
    <>
      <FormError error={error} />
      {fullWidth ? button : <Group justify="flex-end">{button}</Group>}
    </>
  );
}
