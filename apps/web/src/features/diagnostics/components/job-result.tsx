import { Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleX } from '@tabler/icons-react';
import { type Job, jobVerdict } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { VerdictSummary } from '../../../components/verdict.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import type { PortMapDevice } from '../../../lib/ports.ts';
import { diagnosticsAccess } from '../utils/access.ts';
import { JobProgress } from './job-progress.tsx';
import { LanPingResultView } from './results/lan-ping-result.tsx';
import { PortsResultView } from './results/ports-result.tsx';
import { RebootResultView } from './results/reboot-result.tsx';
import { SpeedTestResultView } from './results/speed-test-result.tsx';
import { SystemTestResultView } from './results/system-test-result.tsx';
import { TracerouteResultView } from './results/traceroute-result.tsx';
import { WanTestResultView } from './results/wan-test-result.tsx';

interface JobResultProps {
  job: Job;
  /** The device's port map, so a port result shows its types and labels. */
  device?: PortMapDevice;
  /** The device's status now, shown with a reboot's result. */
  liveStatus?: string;
}

/**
 * A job as a person reads it: its progress, its error, or its result as tables, charts and figures, a test's
 * verdict (Healthy, Degraded, Failing, with its reasons) first.
 */
export function JobResult({ job, device, liveStatus }: JobResultProps) {
  const judged = job.state === 'succeeded' ? jobVerdict(job) : null;
  const figures = <JobFigures job={job} device={device} liveStatus={liveStatus} />;
  if (!judged) return figures;
  return (
    <Stack gap="sm">
      <VerdictSummary judged={judged} />
      {figures}
    </Stack>
  );
}

function JobFigures({ job, device, liveStatus }: JobResultProps) {
  const { t } = useTranslation('diagnostics');
  const { claims } = useAuth();
  const canControlPorts = diagnosticsAccess(claims).canControlPorts;
  if (job.state === 'queued' || job.state === 'running') return <JobProgress job={job} />;
  if (job.state === 'failed') {
    return (
      <Notice
        color="red"
        icon={IconAlertTriangle}
        title={t('result.failedTitle', { action: t(`actions.${job.action}.label`) })}
        data-testid="job-error"
      >
        {job.error ?? t('summary.failed')}
      </Notice>
    );
  }
  if (job.state === 'cancelled') {
    return (
      <Notice color="gray" icon={IconCircleX} data-testid="job-cancelled">
        {t('summary.cancelled')}
      </Notice>
    );
  }
  if (job.result === null) return <Text size="sm">{t('summary.noResult')}</Text>;
  switch (job.action) {
    case 'wantest':
      return <WanTestResultView result={job.result} />;
    case 'lanpingtest':
      return <LanPingResultView result={job.result} />;
    case 'systemTest':
      return <SystemTestResultView result={job.result} />;
    case 'speedtest':
      return <SpeedTestResultView result={job.result} />;
    case 'traceroute':
      return <TracerouteResultView result={job.result} />;
    case 'reboot':
      return <RebootResultView result={job.result} liveStatus={liveStatus} />;
    case 'disableLanPorts':
      return (
        <PortsResultView
          result={job.result}
          device={device}
          keepOff={{ deviceId: job.deviceId, since: job.createdAt, allowed: canControlPorts }}
        />
      );
    case 'revertLanPorts':
    case 'confirmLanPorts':
      return <PortsResultView result={job.result} device={device} />;
  }
}
