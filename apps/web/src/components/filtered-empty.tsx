import { Button } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state.tsx';

interface FilteredEmptyProps {
  /** The list's own words: what matched nothing and how to see more. */
  title: string;
  text: string;
  onClear: () => void;
}

/** A list whose filters match nothing, with the way out: clearing them. */
export function FilteredEmpty({ title, text, onClear }: FilteredEmptyProps) {
  const { t } = useTranslation('table');
  return (
    <EmptyState icon={IconFilterOff} title={title} text={text}>
      <Button variant="light" onClick={onClear}>
        {t('clearFilters')}
      </Button>
    </EmptyState>
  );
}
