import { PageFrame } from '../../../components/page-frame.tsx';
import { DevicesList } from '../components/devices-list.tsx';

/** All Devices: every device of the organization, with the table's paging, sorting and filters. */
export function Component() {
  return (
    <PageFrame>
      <DevicesList />
    </PageFrame>
  );
}
