import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';

/** The warning above every secret the console shows: it is shown this once and cannot be seen again. */
export function SecretOnceWarning({ children, ...rest }: { children: ReactNode; 'data-testid'?: string }) {
  const { t } = useTranslation('provisioning');
  return (
    <Notice color="orange" icon={IconAlertTriangle} title={t('secret.onceTitle')} role="alert" {...rest}>
      {children}
    </Notice>
  );
}
