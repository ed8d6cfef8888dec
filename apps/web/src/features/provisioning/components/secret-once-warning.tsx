import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The warning above every secret the console shows: it is shown this once and cannot be seen again. */
export function SecretOnceWarning({ children, ...rest }: { children: ReactNode; 'data-testid'?: string }) {
  const { t } = useTranslation('provisioning');
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('secret.onceTitle')}
      role="alert"
      {...rest}
    >
      {children}
    </Alert>
  );
}
