import { Table, Text } from '@mantine/core';
import type { TracerouteResult } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../../components/scroll-table.tsx';
import { formatMs } from '../../utils/format.ts';

const NO_ANSWER = '*';

/**
 * Traceroute: one row per hop (host, address and a column per probe sent: three from the simulator and the
 * agent's traceroute, one from tracepath), '*' where a probe got no answer; a probe never sent shows nothing.
 */
export function TracerouteResultView({ result }: { result: TracerouteResult }) {
  const { t } = useTranslation('diagnostics');
  const sent = Math.max(1, ...result.hops.map((hop) => hop.ms.length));
  const probes = Array.from({ length: sent }, (_, i) => i + 1);
  return (
    <div data-testid="result-traceroute">
      <Text size="sm" mb="xs">
        {t('result.tracerouteTo', { target: result.target, vlan: result.vlan })}
      </Text>
      <ScrollTable
        minWidth={560}
        striped
        head={
          <>
            <Table.Th>{t('result.hop')}</Table.Th>
            <Table.Th>{t('result.host')}</Table.Th>
            <Table.Th>{t('result.ip')}</Table.Th>
            {probes.map((number) => (
              <Table.Th key={number} ta="right">
                {t('result.probe', { number })}
              </Table.Th>
            ))}
          </>
        }
      >
        {result.hops.map((hop) => (
          <Table.Tr key={hop.hop}>
            <Table.Td>{hop.hop}</Table.Td>
            {/* '*' marks a hop that did not answer; one that answered without a name shows '—'. */}
            <Table.Td>{hop.host ?? (hop.ip === null ? NO_ANSWER : '—')}</Table.Td>
            <Table.Td ff="monospace">{hop.ip ?? NO_ANSWER}</Table.Td>
            {probes.map((number) => {
              const time = hop.ms[number - 1];
              return (
                <Table.Td key={number} ta="right">
                  {time === undefined ? '' : time === null ? NO_ANSWER : `${formatMs(time)} ms`}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </ScrollTable>
    </div>
  );
}
