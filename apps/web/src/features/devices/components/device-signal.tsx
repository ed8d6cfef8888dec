import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Device } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { MonoText } from '../../../components/mono-text.tsx';
import { NamedIcon } from '../../../components/named-icon.tsx';
import { FLEET_NS } from '../../../lib/fleet-text.ts';
import {
  deviceSignalBars,
  formatSignalValue,
  modemSignalBars,
  SIGNAL_METRICS,
  signalBarColour,
  signalBars,
  signalIconName,
  signalLevelLabelKey,
} from '../utils/signal.ts';

/**
 * Signal quality: the device's bars and level (its best modem; a modem's level weighs RSRP, RSRQ and SINR),
 * then each modem's readings with units and bars. Colour marks the bars; every word meets 4.5:1 contrast.
 */
export function DeviceSignal({ device }: { device: Device }) {
  const { t } = useTranslation('siteDetail');
  const { t: tf } = useTranslation(FLEET_NS);
  const modems = device.modemSignalStatistics;
  const bars = deviceSignalBars(modems);
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid="device-signal">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          {t('signal.title')}
        </Title>
        {modems.length > 0 && (
          <Group gap={6}>
            <Text c={signalBarColour[bars]}>
              <NamedIcon name={signalIconName(bars)} size={24} />
            </Text>
            <Badge color={signalBarColour[bars]} variant="light" data-testid="device-signal-level">
              {tf(signalLevelLabelKey(bars))}
            </Badge>
          </Group>
        )}
      </Group>
      {modems.length === 0 ? (
        <Text c="dimmed">{t('signal.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: modems.length > 1 ? 2 : 1 }}>
          {modems.map((modem, index) => {
            const modemBars = modemSignalBars(modem);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: modems have no id; their order is the device's.
              <Stack gap="xs" key={index}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {t('signal.modem', { number: index + 1 })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {modem.serviceType} · {modem.linkStatus}
                  </Text>
                  <Badge size="sm" variant="light" color={signalBarColour[modemBars]}>
                    {tf(signalLevelLabelKey(modemBars))}
                  </Badge>
                </Group>
                <Table withRowBorders={false} verticalSpacing={4}>
                  <Table.Tbody>
                    {SIGNAL_METRICS.map((metric) => {
                      const metricBars = signalBars(metric, modem[metric]);
                      return (
                        <Table.Tr key={metric}>
                          <Table.Td w={70}>
                            <Text size="sm" fw={600}>
                              {tf(`signal.metric.${metric}`)}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <MonoText>
                              {formatSignalValue(metric, modem[metric]) || t('signal.notMeasured')}
                            </MonoText>
                          </Table.Td>
                          <Table.Td>
                            {metricBars !== null && (
                              <Group gap={4} wrap="nowrap">
                                {/* The bars carry the colour; the word keeps the text colour (4.5:1 in both themes). */}
                                <Text component="span" c={signalBarColour[metricBars]} lh={0}>
                                  <NamedIcon name={signalIconName(metricBars)} size={18} />
                                </Text>
                                <Text size="xs">{tf(signalLevelLabelKey(metricBars))}</Text>
                              </Group>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Stack>
            );
          })}
        </SimpleGrid>
      )}
    </Card>
  );
}
