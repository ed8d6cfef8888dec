import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link inside a table cell whose row opens on click or Enter: out of the tab order (the row is the
 * keyboard stop) and not also opening the row when clicked.
 */
export function CellLink({ to, children, ...props }: AnchorProps & { to: string; children: ReactNode }) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      tabIndex={-1}
      onClick={(event) => event.stopPropagation()}
      {...props}
    >
      {children}
    </Anchor>
  );
}
