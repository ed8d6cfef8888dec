import { Badge, Card, Table, Text, Title } from '@mantine/core';
import type { Device } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';

/** The device's VLANs: id, name and subnet. */
export function DeviceVlans({ device }: { device: Device }) {
  const { t } = useTranslation('siteDetail');
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid="device-vlans">
      <Title order={2} fz="lg" mb="md">
        {t('vlans.title')}
      </Title>
      {device.vlans.length === 0 ? (
        <Text c="dimmed">{t('vlans.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('vlans.id')}</Table.Th>
                <Table.Th>{t('vlans.name')}</Table.Th>
                <Table.Th>{t('vlans.subnet')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {device.vlans.map((vlan) => (
                <Table.Tr key={vlan.id}>
                  <Table.Td>{vlan.id}</Table.Td>
                  <Table.Td>{vlan.name}</Table.Td>
                  <Table.Td ff="monospace">{vlan.subnet}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** Configuration versions (transactions): version name, whether the change was internal, and when. */
export function DeviceVersions({ device }: { device: Device }) {
  const { t } = useTranslation('siteDetail');
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid="device-versions">
      <Title order={2} fz="lg" mb="md">
        {t('versions.title')}
      </Title>
      {device.transactions.length === 0 ? (
        <Text c="dimmed">{t('versions.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('versions.versionName')}</Table.Th>
                <Table.Th>{t('versions.change')}</Table.Th>
                <Table.Th>{t('versions.at')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {device.transactions.map((trx) => (
                <Table.Tr key={trx.id}>
                  <Table.Td fw={600}>{trx.versionName}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={trx.internalChange ? 'gray' : 'blue'} tt="none">
                      {trx.internalChange ? t('versions.internal') : t('versions.external')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(trx.at)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
