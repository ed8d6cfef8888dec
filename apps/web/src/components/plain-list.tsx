import { Stack, type StackProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

/**
 * A real list (`ul`, so assistive technology counts its items) drawn without bullets or indent; its children
 * are the `li` items.
 */
export function PlainList({
  gap = 'xs',
  style,
  ...props
}: StackProps & Omit<ComponentPropsWithoutRef<'ul'>, keyof StackProps>) {
  return <Stack component="ul" gap={gap} m={0} p={0} style={[{ listStyle: 'none' }, style]} {...props} />;
}
