import { Table, Text } from '@mantine/core';
import type { LanPingResult } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../../components/scroll-table.tsx';
import { formatMs } from '../../utils/format.ts';

/** LAN ping: per host, its address, VLAN, packets sent and received, and the average time or "No reply". */
export function LanPingResultView({ result }: { result: LanPingResult }) {
  const { t } = useTranslation('diagnostics');
  if (result.hosts.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="result-lanpingtest">
        {t('result.noHosts')}
      </Text>
    );
  }
  return (
    <ScrollTable
      minWidth={520}
      striped
      data-testid="result-lanpingtest"
      head={
        <>
          <Table.Th>{t('result.host')}</Table.Th>
          <Table.Th>{t('result.ip')}</Table.Th>
          <Table.Th>{t('result.vlan')}</Table.Th>
          <Table.Th ta="right">{t('result.sentReceived')}</Table.Th>
          <Table.Th ta="right">{t('result.avgMs')}</Table.Th>
        </>
      }
    >
      {result.hosts.map((host) => (
        <Table.Tr key={`${host.vlan}-${host.ip}`}>
          <Table.Td fw={600}>{host.host}</Table.Td>
          <Table.Td ff="monospace">{host.ip}</Table.Td>
          <Table.Td>{host.vlan}</Table.Td>
          <Table.Td ta="right">
            {host.sent}/{host.received}
          </Table.Td>
          <Table.Td ta="right" c={host.avgMs === null ? 'red' : undefined}>
            {host.avgMs === null ? t('result.noReply') : formatMs(host.avgMs)}
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}
