import { PageFrame } from '../../components/page-frame.tsx';
import { DevicesList } from '../../features/devices/components/devices-list.tsx';
import { BatchRunner } from '../../features/diagnostics/components/batch-runner.tsx';
import { diagnosticsAccess } from '../../features/diagnostics/utils/access.ts';
import { useAuth } from '../../lib/auth-store.ts';

/**
 * All Devices: every device of the organization, with the table's paging, sorting and filters; users who
 * may run diagnostics tick devices of a page and run one test (or a reboot) on all of them as a batch.
 */
export function Component() {
  const { claims } = useAuth();
  const { canRun } = diagnosticsAccess(claims);
  return (
    <PageFrame>
      <DevicesList
        selectionActions={
          canRun ? (devices, clear) => <BatchRunner devices={devices} onStarted={clear} /> : undefined
        }
      />
    </PageFrame>
  );
}
