import { Button } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { paths } from '../../lib/paths.ts';

/** The catch-all: Page Not Found. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <PageFrame>
      <EmptyState
        icon={IconMapQuestion}
        title={t('notFound.title')}
        text={t('notFound.text', { path: pathname })}
      >
        <Button component={Link} to={paths.dashboard}>
          {t('common.goToDashboard')}
        </Button>
      </EmptyState>
    </PageFrame>
  );
}
