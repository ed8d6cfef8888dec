import { SimpleGrid } from '@mantine/core';
import type { SpeedTestResult } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../../../components/stat-card.tsx';
import { formatBitRate } from '../../../../lib/format.ts';
import { formatMs } from '../../utils/format.ts';

/** Speed test: download and upload rates, latency, and the VLAN and link it ran on. */
export function SpeedTestResultView({ result }: { result: SpeedTestResult }) {
  const { t } = useTranslation('diagnostics');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="result-speedtest">
      <StatCard
        label={t('result.download')}
        value={formatBitRate(result.downloadKbps)}
        testId="speed-download"
      />
      <StatCard label={t('result.upload')} value={formatBitRate(result.uploadKbps)} testId="speed-upload" />
      <StatCard
        label={t('result.latency')}
        value={`${formatMs(result.latencyMs)} ms`}
        testId="speed-latency"
      />
      <StatCard label={t('result.vlan')} value={result.vlan} />
      <StatCard label={t('result.link')} value={t(`link.${result.link}`)} />
    </SimpleGrid>
  );
}
