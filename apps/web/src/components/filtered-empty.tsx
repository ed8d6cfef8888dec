import { Button } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { EmptyState } from './empty-state.tsx';

interface FilteredEmptyProps {
  /** The list's own words: what matched nothing and how to see more. */
  title: string;
  text: string;
  /** The list's "Clear filters". */
  clearLabel: string;
  onClear: () => void;
}

/** A list whose filters match nothing, with the way out: clearing them. */
export function FilteredEmpty({ title, text, clearLabel, onClear }: FilteredEmptyProps) {
  return (
    <EmptyState icon={IconFilterOff} title={title} text={text}>
      <Button variant="light" onClick={onClear}>
        {clearLabel}
      </Button>
    </EmptyState>
  );
}
