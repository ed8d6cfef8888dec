import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-handler.ts';

/**
 * A failed request inside a form (role alert, so screen readers announce it). Give it the failure itself,
 * not its text: the message is worded as it renders, so it follows a switch of language after the failure.
 * A string is shown as it is.
 */
export function FormError({ error }: { error: unknown }) {
  useTranslation(); // re-renders on a change of language
  if (error === null || error === undefined || error === '') return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" p="sm">
      {typeof error === 'string' ? error : errorMessage(error)}
    </Alert>
  );
}
