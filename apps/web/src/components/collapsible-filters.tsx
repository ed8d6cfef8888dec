import { Badge, Button, Collapse } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

/**
 * A list's filter fields: shown as they are on wide screens; on phones folded behind a button that names
 * them (`label`) and counts the active ones.
 */
export function CollapsibleFilters({
  id,
  label,
  active,
  children,
}: {
  /** The id of the folded region (the button's aria-controls). */
  id: string;
  label: string;
  active: number;
  children: ReactNode;
}) {
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [shown, setShown] = useState(false);
  if (!narrow) return children;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFilter size={16} aria-hidden />}
        rightSection={
          active > 0 ? (
            <Badge size="sm" circle>
              {active}
            </Badge>
          ) : undefined
        }
        onClick={() => setShown((open) => !open)}
        aria-expanded={shown}
        aria-controls={id}
        style={{ alignSelf: 'flex-start' }}
        data-testid="filters-toggle"
      >
        {label}
      </Button>
      <Collapse expanded={shown} id={id}>
        {children}
      </Collapse>
    </>
  );
}
