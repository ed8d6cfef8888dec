import { ActionIcon } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

/** The chevron that opens and closes a table row's details (the row itself toggles on click too). */
export function ExpandToggle({
  expanded,
  onToggle,
  controls,
  label,
}: {
  expanded: boolean;
  onToggle: () => void;
  /** Id of the details element it shows. */
  controls: string;
  label: string;
}) {
  return (
    <ActionIcon
      variant="subtle"
      size="sm"
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
      aria-expanded={expanded}
      aria-controls={controls}
      aria-label={label}
    >
      {expanded ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
    </ActionIcon>
  );
}
