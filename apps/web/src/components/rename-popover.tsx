import { ActionIcon } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { loadedLater } from '../lib/loaded-later.ts';
import type { RenamePopoverProps } from './rename-popover-form.tsx';

const form = loadedLater(() => import('./rename-popover-form.tsx'));
const prefetch = () => void form.load().catch(() => undefined);

/**
 * A pencil that opens a small form to rename something (a port, a device); Escape or Cancel closes it unsaved.
 * Its popover (Mantine's Popover, FocusTrap and floating-ui) is no part of the page's first load: it is fetched
 * when the pencil is first pointed at, focused or pressed, and until it first opens the pencil is drawn alone, with
 * the popup semantics Popover.Target gives it. Once opened it stays the popover (rename-popover-form.tsx).
 */
export function RenamePopover(props: RenamePopoverProps) {
  const [loaded, setLoaded] = useState(() => form.current() ?? null);
  const [opened, setOpened] = useState(false);
  if (loaded) return <loaded.RenamePopoverForm {...props} defaultOpened={opened} />;
  return (
    <ActionIcon
      variant="subtle"
      size="sm"
      aria-label={props.buttonLabel}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-testid={props.testIds.button}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => {
        form.load().then(
          (module) => {
            setOpened(true);
            setLoaded(module);
          },
          () => undefined,
        );
      }}
    >
      <IconPencil size={14} aria-hidden />
    </ActionIcon>
  );
}
