import { Group, SimpleGrid } from '@mantine/core';
import type { RebootResult } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { DeviceStatusBadge } from '../../../../components/device-status-badge.tsx';
import { StatCard } from '../../../../components/stat-card.tsx';
import { formatDate } from '../../../../lib/format.ts';

/** Reboot: when it rebooted, when it should be back, and (on the device page) its status now. */
export function RebootResultView({ result, liveStatus }: { result: RebootResult; liveStatus?: string }) {
  const { t } = useTranslation('diagnostics');
  return (
    <SimpleGrid cols={{ base: 1, sm: liveStatus ? 3 : 2 }} spacing="sm" data-testid="result-reboot">
      <StatCard label={t('result.rebootedAt')} value={formatDate(result.rebootedAt)} />
      <StatCard label={t('result.expectedBackAt')} value={formatDate(result.expectedBackAt)} />
      {liveStatus && (
        <StatCard
          label={t('result.statusNow')}
          value={
            <Group component="span" mt={4} data-testid="reboot-live-status">
              <DeviceStatusBadge status={liveStatus} />
            </Group>
          }
        />
      )}
    </SimpleGrid>
  );
}
