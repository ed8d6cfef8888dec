import { Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { WanTestResult } from '@vnoc/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../../components/scroll-table.tsx';
import { formatMs, formatPercent } from '../../utils/format.ts';

// The chart library is large: loaded when a WAN result is first shown (All Devices does not need it up front).
const WanLatencyChart = lazy(() =>
  import('./wan-latency-chart.tsx').then((m) => ({ default: m.WanLatencyChart })),
);

/** WAN latency test: the link, a per-target table (min/avg/max/jitter ms, loss %) and the average latencies. */
export function WanTestResultView({ result }: { result: WanTestResult }) {
  const { t } = useTranslation('diagnostics');
  return (
    <Stack gap="sm" data-testid="result-wantest">
      <Group gap="xs">
        <Text size="sm">{t('result.link')}</Text>
        <Badge variant="light" color={result.link === 'primary' ? 'green' : 'yellow'} tt="none">
          {t(`link.${result.link}`)}
        </Badge>
      </Group>
      {result.targets.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('result.noTargets')}
        </Text>
      ) : (
        <>
          <ScrollTable
            minWidth={560}
            striped
            head={
              <>
                <Table.Th>{t('result.target')}</Table.Th>
                <Table.Th ta="right">{t('result.minMs')}</Table.Th>
                <Table.Th ta="right">{t('result.avgMs')}</Table.Th>
                <Table.Th ta="right">{t('result.maxMs')}</Table.Th>
                <Table.Th ta="right">{t('result.jitterMs')}</Table.Th>
                <Table.Th ta="right">{t('result.loss')}</Table.Th>
              </>
            }
          >
            {result.targets.map((target) => (
              <Table.Tr key={target.target}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {target.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {target.target}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatMs(target.min)}</Table.Td>
                <Table.Td ta="right">{formatMs(target.avg)}</Table.Td>
                <Table.Td ta="right">{formatMs(target.max)}</Table.Td>
                <Table.Td ta="right">{formatMs(target.jitter)}</Table.Td>
                <Table.Td ta="right" c={target.loss > 0 ? 'red' : undefined}>
                  {formatPercent(target.loss)} %
                </Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
          <Suspense fallback={<Skeleton h={180} />}>
            <WanLatencyChart
              data={result.targets.map((x) => ({ name: x.name, avg: x.avg }))}
              seriesLabel={t('result.avgMs')}
              label={t('result.avgChart')}
            />
          </Suspense>
        </>
      )}
    </Stack>
  );
}
