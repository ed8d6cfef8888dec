import { SimpleGrid } from '@mantine/core';
import type { SystemTestResult } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../../../components/stat-card.tsx';
import { humanizeDuration } from '../../../../lib/format.ts';
import { formatPercent } from '../../utils/format.ts';

/** A share in use (CPU, memory): the percent, with its bar. */
function UsedCard({ label, percent }: { label: string; percent: number }) {
  return <StatCard label={label} value={`${formatPercent(percent)} %`} percent={percent} />;
}

/** System performance: CPU and memory with bars, sessions, temperature and uptime. */
export function SystemTestResultView({ result }: { result: SystemTestResult }) {
  const { t } = useTranslation('diagnostics');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="result-systemTest">
      <UsedCard label={t('result.cpu')} percent={result.cpuPercent} />
      <UsedCard label={t('result.memory')} percent={result.memoryPercent} />
      <StatCard label={t('result.sessions')} value={result.sessions.toLocaleString()} />
      <StatCard label={t('result.temperature')} value={`${formatPercent(result.temperatureC)} °C`} />
      <StatCard label={t('result.uptime')} value={humanizeDuration(result.uptimeSeconds)} />
    </SimpleGrid>
  );
}
