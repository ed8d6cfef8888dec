import { ActionIcon, Button, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface CopyValueProps {
  value: string;
  /** The caller's words: "Copy …" and, for a moment after a click, "Copied". */
  copyLabel: string;
  copiedLabel: string;
}

function CopyIcon({ copied, size }: { copied: boolean; size: number }) {
  return copied ? <IconCheck size={size} aria-hidden /> : <IconCopy size={size} aria-hidden />;
}

/** A button that copies a value to the clipboard, its icon and words saying so once done. */
export function CopyValueButton({ value, copyLabel, copiedLabel, size }: CopyValueProps & { size?: 'xs' }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          variant="default"
          size={size}
          onClick={copy}
          leftSection={<CopyIcon copied={copied} size={size === 'xs' ? 14 : 16} />}
        >
          {copied ? copiedLabel : copyLabel}
        </Button>
      )}
    </CopyButton>
  );
}

/**
 * The icon-only form, its words in a tooltip and in its name (followed by `name`, what it copies, when the
 * words alone do not say it).
 */
export function CopyValueIcon({
  value,
  copyLabel,
  copiedLabel,
  name,
  size = 'md',
}: CopyValueProps & { name?: string; size?: 'md' | 'lg' }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => {
        const words = copied ? copiedLabel : copyLabel;
        return (
          <Tooltip label={words} withArrow>
            <ActionIcon
              variant="light"
              color={copied ? 'teal' : undefined}
              size={size}
              onClick={copy}
              aria-label={name ? `${words}: ${name}` : words}
            >
              <CopyIcon copied={copied} size={size === 'lg' ? 18 : 16} />
            </ActionIcon>
          </Tooltip>
        );
      }}
    </CopyButton>
  );
}
