import { Button, type ButtonProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface AddButtonProps extends Pick<ButtonProps, 'variant' | 'disabled'> {
  /** What it adds ("Add API key", "New group"). */
  children: ReactNode;
  onClick: () => void;
  'data-testid'?: string;
}

/** The button that starts a new item of a list (a person, a key, a webhook, a group, a device): a plus and its words. */
export function AddButton({ children, ...button }: AddButtonProps) {
  return (
    <Button leftSection={<IconPlus size={16} aria-hidden />} {...button}>
      {children}
    </Button>
  );
}
