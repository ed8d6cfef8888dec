import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The vNOC mark: a small network glyph and the product name. */
export function Logo({ size = 28 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="var(--mantine-primary-color-filled)" />
        <circle cx="16" cy="9" r="3" fill="#fff" />
        <circle cx="8.5" cy="22" r="3" fill="#fff" />
        <circle cx="23.5" cy="22" r="3" fill="#fff" />
        <path d="M16 12v4M16 16l-6 4M16 16l6 4" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <Text component="span" fw={800} fz={size * 0.7} lh={1} style={{ letterSpacing: '-0.02em' }}>
        {t('app.name')}
      </Text>
    </Group>
  );
}
