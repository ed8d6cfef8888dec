import { Badge, Table, Text } from '@mantine/core';
import type { Device } from '@vnoc/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../components/date-text.tsx';
import { DetailCard } from '../../../components/detail-card.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';

interface ConfigCardProps {
  title: string;
  /** Said instead of the table when the device has none. */
  emptyText: string;
  isEmpty: boolean;
  minWidth: number;
  headers: string[];
  children: ReactNode;
  'data-testid': string;
}

/** One of the device's configuration cards: a title, then its table, or a line saying there is nothing. */
function ConfigCard({ title, emptyText, isEmpty, minWidth, headers, children, ...rest }: ConfigCardProps) {
  return (
    <DetailCard title={title} h="100%" data-testid={rest['data-testid']}>
      {isEmpty ? (
        <Text c="dimmed">{emptyText}</Text>
      ) : (
        <ScrollTable
          striped
          minWidth={minWidth}
          head={headers.map((header) => <Table.Th key={header}>{header}</Table.Th>)}
        >
          {children}
        </ScrollTable>
      )}
    </DetailCard>
  );
}

/** The device's VLANs: id, name and subnet. */
export function DeviceVlans({ device }: { device: Device }) {
  const { t } = useTranslation('siteDetail');
  return (
    <ConfigCard
      title={t('vlans.title')}
      emptyText={t('vlans.empty')}
      isEmpty={device.vlans.length === 0}
      minWidth={320}
      headers={[t('vlans.id'), t('vlans.name'), t('vlans.subnet')]}
      data-testid="device-vlans"
    >
      {device.vlans.map((vlan) => (
        <Table.Tr key={vlan.id}>
          <Table.Td>{vlan.id}</Table.Td>
          <Table.Td>{vlan.name}</Table.Td>
          <Table.Td ff="monospace">{vlan.subnet}</Table.Td>
        </Table.Tr>
      ))}
    </ConfigCard>
  );
}

/** Configuration versions (transactions): version name, whether the change was internal, and when. */
export function DeviceVersions({ device }: { device: Device }) {
  const { t } = useTranslation('siteDetail');
  return (
    <ConfigCard
      title={t('versions.title')}
      emptyText={t('versions.empty')}
      isEmpty={device.transactions.length === 0}
      minWidth={420}
      headers={[t('versions.versionName'), t('versions.change'), t('versions.at')]}
      data-testid="device-versions"
    >
      {device.transactions.map((trx) => (
        <Table.Tr key={trx.id}>
          <Table.Td fw={600}>{trx.versionName}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={trx.internalChange ? 'gray' : 'blue'} tt="none">
              {trx.internalChange ? t('versions.internal') : t('versions.external')}
            </Badge>
          </Table.Td>
          <Table.Td>
            <DateText value={trx.at} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ConfigCard>
  );
}
