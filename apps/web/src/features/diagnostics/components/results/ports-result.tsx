import { Alert, Stack } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import type { PortsResult } from '@vnoc/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/format.ts';
import { type PortMapDevice, padPorts } from '../../../../lib/ports.ts';
import { formatElapsed } from '../../utils/format.ts';
import { PortMap } from '../port-map.tsx';

/** The time now in ms since the epoch; tests hand in their own. */
export type Clock = () => number;

/** Milliseconds until `at` by `clock`, read again every second while any remain. */
function useRemaining(at: string, clock: Clock): number {
  const target = Date.parse(at);
  const [now, setNow] = useState(clock);
  const remaining = Math.max(0, target - now);
  const over = remaining <= 0;
  useEffect(() => {
    if (over) return;
    const timer = setInterval(() => setNow(clock()), 1000);
    return () => clearInterval(timer);
  }, [clock, over]);
  return remaining;
}

/**
 * A real device turns disabled ports back on by itself at `revertAt` unless the console confirms them
 * (docs/device-protocol.md, `confirmLanPorts`): the time left, ticking. There is no "Keep them off" button
 * yet: the server has no request to confirm a port action.
 */
export function RevertCountdown({ revertAt, clock = Date.now }: { revertAt: string; clock?: Clock }) {
  const { t } = useTranslation('diagnostics');
  const remaining = useRemaining(revertAt, clock);
  return (
    <Alert
      color={remaining > 0 ? 'yellow' : 'gray'}
      variant="light"
      icon={<IconClockHour4 size={18} aria-hidden />}
      data-testid="ports-revert-countdown"
      aria-live="off"
    >
      {remaining > 0
        ? // Whole seconds up: the last second shows 0:01, not 0:00.
          t('ports.revertIn', { time: formatElapsed(Math.ceil(remaining / 1000) * 1000) })
        : t('ports.revertDue', { date: formatDate(revertAt) })}
    </Alert>
  );
}

/**
 * A port action's outcome: the port map with each LAN port on or off (types and labels from the device, when
 * known), and when a real device turns them back on by itself.
 */
export function PortsResultView({
  result,
  device,
  clock,
}: {
  result: PortsResult;
  device?: PortMapDevice;
  clock?: Clock;
}) {
  const { t } = useTranslation('diagnostics');
  const slots = device
    ? padPorts(device.portMapping, device.portLabels)
    : padPorts(result.ports.map((p) => ({ id: p.systemNumber, systemNumber: p.systemNumber, type: 'LAN' })));
  const off = result.ports.filter((p) => !p.enabled).map((p) => p.systemNumber);
  return (
    <Stack gap="sm" data-testid="result-ports">
      {result.revertAt && off.length > 0 && <RevertCountdown revertAt={result.revertAt} clock={clock} />}
      <PortMap slots={slots} disabledPorts={off} label={t('ports.mapLabel')} />
    </Stack>
  );
}
