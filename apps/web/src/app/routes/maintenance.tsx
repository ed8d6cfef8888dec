import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicCard } from '../../components/public-card.tsx';
import { paths } from '../../lib/paths.ts';

/** Shown while the console is being updated. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PublicCard title={t('maintenance.title')}>
      <Text>{t('maintenance.text')}</Text>
      <Button component={Link} to={paths.login} variant="default">
        {t('common.backToLogin')}
      </Button>
    </PublicCard>
  );
}
