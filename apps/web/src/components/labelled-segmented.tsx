import { SegmentedControl, type SegmentedControlProps, Stack, type StackProps, Text } from '@mantine/core';
import { useId } from 'react';

interface LabelledSegmentedProps extends SegmentedControlProps {
  /** The visible label, which also names the control (SegmentedControl has no label of its own). */
  label: string;
  /** Space between label and control, and how they align (a toolbar keeps them to the start). */
  gap?: StackProps['gap'];
  align?: StackProps['align'];
}

/** A segmented choice with a visible label above it that names it for assistive technology. */
export function LabelledSegmented({ label, gap = 6, align, ...control }: LabelledSegmentedProps) {
  const labelId = useId();
  return (
    <Stack gap={gap} align={align}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} {...control} />
    </Stack>
  );
}
