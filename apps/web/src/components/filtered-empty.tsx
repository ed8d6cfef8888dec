import { Button } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { EmptyState } from './empty-state.tsx';

interface FilteredEmptyProps {
  title: string;
  text: string;
  /** The button's text, e.g. "Clear filters". */
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
