import { Button } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state.tsx';

interface FilteredEmptyProps {
  /** The list's namespace, and the prefix of its keys there when the list is one of several in it. */
  ns: string;
  keyPrefix?: string;
  onClear: () => void;
}

/**
 * A list whose filters match nothing, with the way out: clearing them. Its words are the list's own, at the
 * keys every filtered list keeps: `empty.filteredTitle`, `empty.filteredText` and `filters.clear`.
 */
export function FilteredEmpty({ ns, keyPrefix, onClear }: FilteredEmptyProps) {
  const { t } = useTranslation(ns, { keyPrefix });
  return (
    <EmptyState icon={IconFilterOff} title={t('empty.filteredTitle')} text={t('empty.filteredText')}>
      <Button variant="light" onClick={onClear}>
        {t('filters.clear')}
      </Button>
    </EmptyState>
  );
}
