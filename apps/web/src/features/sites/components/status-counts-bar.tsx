import { Box, Group, Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { StatusCounts } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import type { StatusFilter } from '../../../components/fleet-filter-options.ts';
import { COUNTED_STATUSES, deviceStatusColour, deviceStatusLabelKey } from '../../../lib/device-status.ts';
import { numberFormat } from '../../../lib/intl.ts';

interface StatusCountsBarProps {
  counts: StatusCounts | undefined;
  loading: boolean;
  /** The status the list is filtered by when exactly one is chosen. */
  active: StatusFilter | null;
  onSelect: (status: StatusFilter | null) => void;
}

/**
 * Device counts by status (spec part 4: offline, online, onbackup, pending, rebooting); a click lists the sites
 * that have a device in that status. The caption says so, since 8 pending devices may be at 2 sites.
 */
export function StatusCountsBar({ counts, loading, active, onSelect }: StatusCountsBarProps) {
  const { t, i18n } = useTranslation('sites');
  const number = numberFormat(i18n.language);
  return (
    <Box component="section" aria-labelledby="status-counts-caption">
      <Text size="sm" c="dimmed" mb={6} id="status-counts-caption" data-testid="status-counts-caption">
        {t('counts.caption')}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="xs">
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t('counts.total')}
          </Text>
          {loading ? (
            <Skeleton h={24} w={48} mt={4} />
          ) : (
            <Text fw={700} fz="xl">
              {number.format(counts?.total ?? 0)}
            </Text>
          )}
        </Paper>
        {COUNTED_STATUSES.map((status) => {
          const pressed = active === status;
          const colour = deviceStatusColour(status);
          const name = t(deviceStatusLabelKey(status), { ns: 'fleet' });
          const count = counts?.[status] ?? 0;
          return (
            <UnstyledButton
              key={status}
              aria-pressed={pressed}
              aria-label={
                loading
                  ? undefined
                  : t('counts.button', { status: name, count, formatted: number.format(count) })
              }
              onClick={() => onSelect(pressed ? null : status)}
              data-testid={`count-${status}`}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Paper
                withBorder
                radius="md"
                p="sm"
                h="100%"
                style={{
                  borderColor: pressed ? `var(--mantine-color-${colour}-6)` : undefined,
                  boxShadow: pressed ? `inset 0 0 0 1px var(--mantine-color-${colour}-6)` : undefined,
                }}
              >
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Box
                    w={10}
                    h={10}
                    mt={3}
                    style={{ borderRadius: 5, flex: 'none', background: `var(--mantine-color-${colour}-6)` }}
                  />
                  <Text size="xs" c="dimmed" fw={600} tt="uppercase" lh={1.25}>
                    {name}
                  </Text>
                </Group>
                {loading ? (
                  <Skeleton h={24} w={48} mt={4} />
                ) : (
                  <Text fw={700} fz="xl">
                    {number.format(count)}
                  </Text>
                )}
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
