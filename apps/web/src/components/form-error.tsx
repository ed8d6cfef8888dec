import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-handler.ts';
import { Notice } from './notice.tsx';

/**
 * A failed request inside a form (role alert, so screen readers announce it). Give it the failure itself,
 * not its text: the message is worded as it renders, so it follows a switch of language after the failure.
 * A string is shown as it is.
 */
export function FormError({ error }: { error: unknown }) {
  useTranslation(); // re-renders on a change of language
  if (error === null || error === undefined || error === '') return null;
  return (
    <Notice color="red" icon={IconAlertCircle} role="alert" p="sm">
      {typeof error === 'string' ? error : errorMessage(error)}
    </Notice>
  );
}
