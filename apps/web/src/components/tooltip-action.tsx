import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { MouseEventHandler } from 'react';

interface TooltipActionProps extends ActionIconProps {
  /** The short word shown on hover (e.g. "Edit"). */
  tooltip: string;
  /** The full accessible name, saying what it acts on (e.g. "Edit: Texas stores"). */
  label: string;
  icon: Icon;
  /** The icon's size in px (18; a smaller action, in a tight bar, 16). */
  iconSize?: number;
  onClick: MouseEventHandler<HTMLButtonElement>;
}

/** An icon-only action on a row, named for assistive technology and explained by a tooltip on hover. */
export function TooltipAction({
  tooltip,
  label,
  icon: IconShown,
  iconSize = 18,
  ...action
}: TooltipActionProps) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon aria-label={label} {...action}>
        <IconShown size={iconSize} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
