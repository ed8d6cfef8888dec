import { Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { isFinishedJobState, type PortsResult } from '@vnoc/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../../components/notice.tsx';
import { errorMessage } from '../../../../lib/error-handler.ts';
import { formatDate } from '../../../../lib/format.ts';
import { devicePortSlots, type PortMapDevice } from '../../../../lib/ports.ts';
import { useConfirmLanPorts } from '../../api/confirm-lan-ports.ts';
import { getDeviceJobsQueryOptions } from '../../api/get-device-jobs.ts';
import { useJob } from '../../api/get-job.ts';
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
 * The port disable a countdown belongs to: its device, when it was asked (`since`), and whether the person
 * may keep the ports off (they may control ports).
 */
export type KeepOff = { deviceId: string; since: string; allowed: boolean };

/**
 * Whether the device's run history (as already cached by the panel or the history: never fetched here)
 * holds a confirmation that succeeded after the disable: its countdown is over.
 */
function useConfirmedLater(keepOff: KeepOff | undefined): boolean {
  const { data } = useQuery({ ...getDeviceJobsQueryOptions(keepOff?.deviceId ?? ''), enabled: false });
  if (!keepOff || !data) return false;
  const since = Date.parse(keepOff.since);
  return data.some(
    (job) =>
      job.action === 'confirmLanPorts' && job.state === 'succeeded' && Date.parse(job.createdAt) > since,
  );
}

/**
 * Keeping the ports off: POST confirmLanPorts, then the confirmation's job followed until the device answered.
 * `kept` once it did; `failure` says why not (the server's refusal, or the job's error).
 */
function useKeepOff() {
  const { t } = useTranslation('diagnostics');
  const [jobId, setJobId] = useState<string | null>(null);
  const confirm = useConfirmLanPorts((job) => setJobId(job.id));
  const job = useJob(jobId).data;
  const failure = confirm.error
    ? errorMessage(confirm.error)
    : job?.state === 'failed' || job?.state === 'cancelled'
      ? t('ports.keepOffFailed', { reason: job.error ?? t('summary.failed') })
      : null;
  return {
    kept: job?.state === 'succeeded',
    working: confirm.isPending || (job !== undefined && !isFinishedJobState(job.state)),
    failure,
    keep: (deviceId: string) => {
      setJobId(null);
      confirm.mutate(deviceId);
    },
  };
}

/**
 * A real device turns disabled ports back on by itself at `revertAt` unless the console confirms them
 * (docs/device-protocol.md, `confirmLanPorts`): the time left, ticking, and for a person who may control
 * ports a "Keep them off" button beside it. Once the device confirmed, the countdown gives way to "Ports stay
 * off until you revert them."; a refusal or a failure is shown under it.
 */
export function RevertCountdown({
  revertAt,
  clock = Date.now,
  keepOff,
}: {
  revertAt: string;
  clock?: Clock;
  keepOff?: KeepOff;
}) {
  const { t } = useTranslation('diagnostics');
  const remaining = useRemaining(revertAt, clock);
  const { kept, working, failure, keep } = useKeepOff();
  const confirmedLater = useConfirmedLater(keepOff);
  if (kept || confirmedLater)
    return (
      <Notice color="blue" icon={IconLock} data-testid="ports-kept-off">
        {t('ports.keptOff')}
      </Notice>
    );
  return (
    <Stack gap="xs">
      <Notice
        color={remaining > 0 ? 'yellow' : 'gray'}
        icon={IconClockHour4}
        data-testid="ports-revert-countdown"
        aria-live="off"
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" data-testid="ports-revert-time">
            {remaining > 0
              ? // Whole seconds up: the last second shows 0:01, not 0:00.
                t('ports.revertIn', { time: formatElapsed(Math.ceil(remaining / 1000) * 1000) })
              : t('ports.revertDue', { date: formatDate(revertAt) })}
          </Text>
          {keepOff?.allowed && remaining > 0 && (
            <Button
              size="xs"
              variant="light"
              color="yellow"
              loading={working}
              aria-busy={working}
              onClick={() => keep(keepOff.deviceId)}
              data-testid="ports-keep-off"
            >
              {working ? t('ports.keepingOff') : t('ports.keepOff')}
            </Button>
          )}
        </Group>
      </Notice>
      {failure && (
        <Notice color="red" icon={IconAlertTriangle} role="alert" data-testid="ports-keep-off-error">
          {failure}
        </Notice>
      )}
    </Stack>
  );
}

/**
 * A port action's outcome: the port map with each LAN port on or off (types and labels from the device, when
 * known), and when a real device turns them back on by itself — with a way to keep them off (`keepOff`).
 */
export function PortsResultView({
  result,
  device,
  clock,
  keepOff,
}: {
  result: PortsResult;
  device?: PortMapDevice;
  clock?: Clock;
  keepOff?: KeepOff;
}) {
  const { t } = useTranslation('diagnostics');
  const slots = devicePortSlots(
    device ?? {
      portMapping: result.ports.map((p) => ({
        id: p.systemNumber,
        systemNumber: p.systemNumber,
        type: 'LAN',
      })),
      portLabels: {},
    },
  );
  const off = result.ports.filter((p) => !p.enabled).map((p) => p.systemNumber);
  return (
    <Stack gap="sm" data-testid="result-ports">
      {result.revertAt && off.length > 0 && (
        <RevertCountdown revertAt={result.revertAt} clock={clock} keepOff={keepOff} />
      )}
      <PortMap slots={slots} disabledPorts={off} label={t('ports.mapLabel')} />
    </Stack>
  );
}
