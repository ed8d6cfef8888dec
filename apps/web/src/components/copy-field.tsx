import { Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValueIcon } from './copy-value.tsx';

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
        <CopyValueIcon
          value={value}
          copyLabel={t('common.copy')}
          copiedLabel={t('common.copied')}
          name={label}
        />
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
