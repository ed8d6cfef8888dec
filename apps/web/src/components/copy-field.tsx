import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface CopyFieldProps {
  label: string;
  value: string;
  /** Several lines (a file, commands): shown as a block. */
  block?: boolean;
  'data-testid'?: string;
}

/** A value to copy as it must be typed (a device's secret, an API key), with a button that copies it. */
export function CopyField({ label, value, block = false, 'data-testid': testId }: CopyFieldProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('common.copied') : t('common.copy')} withArrow>
              <ActionIcon
                variant="light"
                color={copied ? 'teal' : undefined}
                onClick={copy}
                aria-label={`${copied ? t('common.copied') : t('common.copy')}: ${label}`}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Code
        block={block}
        data-testid={testId}
        style={{
          whiteSpace: block ? 'pre' : 'normal',
          overflowX: 'auto',
          wordBreak: block ? undefined : 'break-all',
        }}
      >
        {value}
      </Code>
    </Stack>
  );
}
