import { Alert } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-store.ts';

/** Shown for as long as a support person acts as this user (claims.impersonatedBy). */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const { claims } = useAuth();
  if (!claims?.impersonatedBy) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      styles={{
        title: { color: 'var(--mantine-color-text)' },
        message: { color: 'var(--mantine-color-text)' },
      }}
      icon={<IconUserShield size={20} aria-hidden="true" />}
      title={t('impersonation.active')}
      mb="md"
      data-testid="impersonation-banner"
    >
      {t('impersonation.message', { user: claims.sub, by: claims.impersonatedBy })}
    </Alert>
  );
}
