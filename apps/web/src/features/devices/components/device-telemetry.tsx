import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Device, DeviceTelemetry } from '@vnoc/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../components/date-text.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { MonoText } from '../../../components/mono-text.tsx';
import { NamedIcon } from '../../../components/named-icon.tsx';
import { PlainList } from '../../../components/plain-list.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { ageMs } from '../../../lib/age.ts';
import { FLEET_NS } from '../../../lib/fleet-text.ts';
import { formatBytes, formatDate, humanizeDuration } from '../../../lib/format.ts';
import { numberFormat } from '../../../lib/intl.ts';
import { formatAge } from '../../../lib/relative-age.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useDeviceTelemetry } from '../api/get-device-telemetry.ts';
import { signalBarColour, signalBars, signalIconName, signalLevelLabelKey } from '../utils/signal.ts';

type Telemetry = DeviceTelemetry;
type Interface = Telemetry['interfaces'][number];

/** A sample taken this long before it was received is shown with its own time too (a buffered report). */
const BUFFERED_AFTER_MS = 60_000;

/** Whether a device's own report is shown: only a device that reports for real has one. */
export function reportsForReal(device: Pick<Device, 'driver'>): boolean {
  return device.driver !== 'simulator';
}

/** How the device connects, in the person's words. */
function DriverLabel({ driver }: { driver: Device['driver'] }) {
  const { t } = useTranslation('siteDetail');
  if (driver === 'agent') return <>{t('telemetry.driver.agent')}</>;
  if (driver === 'openwisp') return <>{t('telemetry.driver.openwisp')}</>;
  return null;
}

/** One part of the report: a title and its content, or a line saying the device reported none. */
function Part({
  title,
  empty,
  emptyText,
  children,
  testId,
}: {
  title: string;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>
          {emptyText}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}

/**
 * A part that is one striped table (the interfaces, the DHCP leases): its title, empty text and column headings,
 * written out by the caller (so the locale test sees each key); `children`, the rows.
 */
function TablePart({
  testId,
  title,
  emptyText,
  columns,
  count,
  minWidth,
  children,
}: {
  testId: string;
  title: string;
  emptyText: string;
  columns: readonly string[];
  count: number;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Part title={title} empty={count === 0} emptyText={emptyText} testId={testId}>
      <ScrollTable
        minWidth={minWidth}
        striped
        verticalSpacing="xs"
        head={columns.map((column) => <Table.Th key={column}>{column}</Table.Th>)}
      >
        {children}
      </ScrollTable>
    </Part>
  );
}

/** Host name, uptime, load, memory and disk. */
function Resources({ telemetry }: { telemetry: Telemetry }) {
  const { t, i18n } = useTranslation('siteDetail');
  const { resources } = telemetry;
  const decimals = numberFormat(i18n.language, { maximumFractionDigits: 2, minimumFractionDigits: 2 });
  const percent = numberFormat(i18n.language, { maximumFractionDigits: 1 });
  const notReported = t('telemetry.notReported');
  const load = resources?.load ?? [];
  const empty =
    telemetry.hostname === null &&
    telemetry.uptimeSeconds === null &&
    (resources === null ||
      (load.length === 0 && resources.memoryUsedPercent === null && resources.diskUsedPercent === null));
  return (
    <Part
      title={t('telemetry.resources')}
      empty={empty}
      emptyText={t('telemetry.resourcesEmpty')}
      testId="telemetry-resources"
    >
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <StatCard
          label={t('telemetry.hostname')}
          value={
            <Text span fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {telemetry.hostname ?? notReported}
            </Text>
          }
        />
        <StatCard
          label={t('telemetry.uptime')}
          value={telemetry.uptimeSeconds === null ? notReported : humanizeDuration(telemetry.uptimeSeconds)}
        />
        <StatCard
          label={t('telemetry.load')}
          value={
            <>
              <Text span fw={700} fz="lg">
                {load.length === 0 ? notReported : load.map((value) => decimals.format(value)).join(' · ')}
              </Text>
              {resources?.cpus != null && (
                <Text span size="xs" c="dimmed" fw={400} display="block">
                  {t('telemetry.cpus', { count: resources.cpus })}
                </Text>
              )}
            </>
          }
        />
        {(
          [
            ['memory', t('telemetry.memory'), resources?.memoryUsedPercent],
            ['disk', t('telemetry.disk'), resources?.diskUsedPercent],
          ] as const
        ).map(([what, label, used]) => (
          <StatCard
            key={what}
            label={label}
            value={used == null ? notReported : `${percent.format(used)} %`}
            percent={used ?? undefined}
          />
        ))}
      </SimpleGrid>
    </Part>
  );
}

/** "in / out" of two counters; a counter above zero is highlighted when `alarming`. */
function Pair({ a, b, alarming }: { a: number | null; b: number | null; alarming: boolean }) {
  const { i18n } = useTranslation();
  const format = numberFormat(i18n.language);
  const one = (value: number | null) => {
    if (value === null) return '—';
    const text = format.format(value);
    return alarming && value > 0 ? (
      <Text span c="red" fw={700} size="sm" data-alarm="true">
        {text}
      </Text>
    ) : (
      text
    );
  };
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {one(a)} / {one(b)}
    </Text>
  );
}

/** Up, down, or unknown when the device did not say; never cut short in a narrow column. */
function InterfaceState({ up }: { up: boolean | null }) {
  const { t } = useTranslation('siteDetail');
  const [colour, label] =
    up === null
      ? ['gray', t('telemetry.interfaces.unknown')]
      : up
        ? ['green', t('telemetry.interfaces.up')]
        : ['red', t('telemetry.interfaces.down')];
  return (
    <Badge
      color={colour}
      variant="light"
      tt="none"
      style={{ minWidth: 'max-content' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}

function InterfaceRow({ item }: { item: Interface }) {
  return (
    <Table.Tr>
      <Table.Td fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {item.name}
      </Table.Td>
      <Table.Td>{item.type ?? '—'}</Table.Td>
      <Table.Td>
        <InterfaceState up={item.up} />
      </Table.Td>
      <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {item.mac ?? '—'}
      </Table.Td>
      <Table.Td ff="monospace">
        {item.addresses.length === 0
          ? '—'
          : item.addresses.map((address) => <MonoText key={address}>{address}</MonoText>)}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBytes(item.rxBytes) || '—'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBytes(item.txBytes) || '—'}</Table.Td>
      <Table.Td data-testid="interface-errors">
        <Pair a={item.rxErrors} b={item.txErrors} alarming />
      </Table.Td>
      <Table.Td>
        <Pair a={item.rxDropped} b={item.txDropped} alarming={false} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Every interface with its state, addresses, byte counters, errors (highlighted) and drops. */
function Interfaces({ telemetry }: { telemetry: Telemetry }) {
  const { t } = useTranslation('siteDetail');
  return (
    <TablePart
      testId="telemetry-interfaces"
      title={t('telemetry.interfaces.title')}
      emptyText={t('telemetry.interfaces.empty')}
      columns={[
        t('telemetry.interfaces.name'),
        t('telemetry.interfaces.type'),
        t('telemetry.interfaces.state'),
        t('telemetry.interfaces.mac'),
        t('telemetry.interfaces.addresses'),
        t('telemetry.interfaces.received'),
        t('telemetry.interfaces.sent'),
        t('telemetry.interfaces.errors'),
        t('telemetry.interfaces.drops'),
      ]}
      count={telemetry.interfaces.length}
      minWidth={860}
    >
      {telemetry.interfaces.map((item) => (
        <InterfaceRow key={item.name} item={item} />
      ))}
    </TablePart>
  );
}

/** A client's signal in dBm with the console's bars and level (Wi-Fi signal is an RSSI). */
function ClientSignal({ signal }: { signal: number | null }) {
  const { t } = useTranslation('siteDetail');
  const { t: tf } = useTranslation(FLEET_NS);
  if (signal === null) return <Text size="sm">{t('telemetry.notReported')}</Text>;
  const bars = signalBars('rssi', signal);
  return (
    <Group gap={6} wrap="nowrap">
      <MonoText>{signal} dBm</MonoText>
      {bars !== null && (
        <>
          <Text component="span" c={signalBarColour[bars]} lh={0}>
            <NamedIcon name={signalIconName(bars)} size={18} />
          </Text>
          <Text size="xs">{tf(signalLevelLabelKey(bars))}</Text>
        </>
      )}
    </Group>
  );
}

/** Wireless clients, one group per access-point interface and SSID. */
function Wireless({ telemetry }: { telemetry: Telemetry }) {
  const { t } = useTranslation('siteDetail');
  const clients = telemetry.wireless.reduce((sum, network) => sum + network.clients.length, 0);
  return (
    <Part
      title={t('telemetry.wireless.title')}
      empty={clients === 0}
      emptyText={t('telemetry.wireless.empty')}
      testId="telemetry-wireless"
    >
      <PlainList gap="md">
        {telemetry.wireless.map((network) => (
          <li key={`${network.interface}|${network.ssid ?? ''}`} data-testid="wireless-network">
            <Group gap="xs" mb={4}>
              <Text fw={600} size="sm">
                {network.ssid ?? t('telemetry.wireless.noSsid')}
              </Text>
              <Text size="sm" c="dimmed" ff="monospace">
                {network.interface}
              </Text>
              {network.channel !== null && (
                <Text size="sm" c="dimmed">
                  {t('telemetry.wireless.channel', { channel: network.channel })}
                </Text>
              )}
              <Badge variant="light" tt="none">
                {t('telemetry.wireless.clients', { count: network.clients.length })}
              </Badge>
            </Group>
            {network.clients.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('telemetry.wireless.noClients')}
              </Text>
            ) : (
              <ScrollTable
                minWidth={320}
                verticalSpacing={4}
                head={
                  <>
                    <Table.Th>{t('telemetry.wireless.mac')}</Table.Th>
                    <Table.Th>{t('telemetry.wireless.signal')}</Table.Th>
                  </>
                }
              >
                {network.clients.map((client) => (
                  <Table.Tr key={client.mac}>
                    <Table.Td ff="monospace" w="40%">
                      {client.mac}
                    </Table.Td>
                    <Table.Td>
                      <ClientSignal signal={client.signal} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ScrollTable>
            )}
          </li>
        ))}
      </PlainList>
    </Part>
  );
}

/** The DHCP lease table's columns, by their heading's key. */
/** The DHCP leases the device handed out. */
function DhcpLeases({ telemetry }: { telemetry: Telemetry }) {
  const { t } = useTranslation('siteDetail');
  return (
    <TablePart
      testId="telemetry-dhcp"
      title={t('telemetry.dhcp.title')}
      emptyText={t('telemetry.dhcp.empty')}
      columns={[
        t('telemetry.dhcp.mac'),
        t('telemetry.dhcp.ip'),
        t('telemetry.dhcp.name'),
        t('telemetry.dhcp.expires'),
      ]}
      count={telemetry.dhcpLeases.length}
      minWidth={520}
    >
      {telemetry.dhcpLeases.map((lease) => (
        <Table.Tr key={lease.mac}>
          <Table.Td ff="monospace">{lease.mac}</Table.Td>
          <Table.Td ff="monospace">{lease.ip ?? '—'}</Table.Td>
          <Table.Td>{lease.clientName ?? '—'}</Table.Td>
          <Table.Td>{lease.expiresAt === null ? '—' : <DateText value={lease.expiresAt} />}</Table.Td>
        </Table.Tr>
      ))}
    </TablePart>
  );
}

/** When the latest report arrived (its age and the time), and when the device took it if that was earlier. */
function LastReport({ telemetry }: { telemetry: Telemetry }) {
  const { t, i18n } = useTranslation('siteDetail');
  const now = useNow();
  const received = telemetry.receivedAt ?? telemetry.sampledAt;
  if (received === null) return null;
  const sampled = telemetry.sampledAt;
  const buffered =
    sampled !== null &&
    telemetry.receivedAt !== null &&
    Date.parse(telemetry.receivedAt) - Date.parse(sampled) > BUFFERED_AFTER_MS;
  return (
    <Text size="sm" data-testid="telemetry-last-report">
      <Text span c="dimmed" size="sm">
        {t('telemetry.lastReport')}{' '}
      </Text>
      <Text span fw={600} size="sm">
        {formatAge(ageMs(received, now), i18n.language)}
      </Text>{' '}
      <Text span size="sm" c="dimmed">
        ({formatDate(received)})
      </Text>
      {buffered && (
        <Text span size="xs" c="dimmed" display="block">
          {t('telemetry.takenAt', { date: formatDate(sampled) })}
        </Text>
      )}
    </Text>
  );
}

/** What a loading report will look like: the figures, then a table. */
function TelemetrySkeleton() {
  return (
    <Stack gap="md" data-testid="telemetry-loading">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {[1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} height={72} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={140} radius="md" />
      <Skeleton height={90} radius="md" />
    </Stack>
  );
}

/** The report's parts: a quiet note of malformed messages, resources, interfaces, wireless clients, leases. */
function TelemetryBody({ telemetry }: { telemetry: Telemetry }) {
  const { t } = useTranslation('siteDetail');
  if (telemetry.sampledAt === null && telemetry.receivedAt === null) {
    return (
      <Text c="dimmed" size="sm" data-testid="telemetry-none">
        {t('telemetry.noReport')}
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      {telemetry.malformedMessages > 0 && (
        // Quiet: nothing changed because of them, but whoever set the device up may want to look.
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text c="yellow" lh={0} mt={2}>
            <IconAlertTriangle size={18} aria-hidden />
          </Text>
          <Text size="sm" c="dimmed" data-testid="telemetry-malformed">
            {t('telemetry.malformed', { count: telemetry.malformedMessages })}
          </Text>
        </Group>
      )}
      <Resources telemetry={telemetry} />
      <Interfaces telemetry={telemetry} />
      <Wireless telemetry={telemetry} />
      <DhcpLeases telemetry={telemetry} />
    </Stack>
  );
}

/**
 * "Reported by the device" (issue 36): for a device that reports for real (vNOC's agent, OpenWISP's agent),
 * how it connects, its latest report's time, resources, interfaces, wireless clients and DHCP leases. A
 * simulated device shows none of it (and nothing is asked).
 */
export function DeviceTelemetrySection({ device }: { device: Device }) {
  const { t } = useTranslation('siteDetail');
  const real = reportsForReal(device);
  const query = useDeviceTelemetry(device.id, real);
  if (!real) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="device-telemetry">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={2} fz="lg">
              {t('telemetry.title')}
            </Title>
            {query.data && <LastReport telemetry={query.data} />}
          </Stack>
          <Group gap={6} wrap="nowrap" data-testid="telemetry-driver">
            <Text c="dimmed" size="sm">
              {t('telemetry.connectsThrough')}
            </Text>
            <Badge variant="outline" color="gray" tt="none">
              <DriverLabel driver={device.driver} />
            </Badge>
          </Group>
        </Group>
        {query.isPending ? (
          <TelemetrySkeleton />
        ) : query.isError && !query.data ? (
          <LoadError
            error={query.error}
            title={t('telemetry.loadFailed')}
            retryLabel={t('retry')}
            onRetry={() => void query.refetch()}
            data-testid="telemetry-error"
          />
        ) : query.data ? (
          <TelemetryBody telemetry={query.data} />
        ) : null}
      </Stack>
    </Card>
  );
}
