import type { PortsResult } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { type PortMapDevice, padPorts } from '../../../../lib/ports.ts';
import { PortMap } from '../port-map.tsx';

/** A port action's outcome: the port map with each LAN port on or off (types and labels from the device, when known). */
export function PortsResultView({ result, device }: { result: PortsResult; device?: PortMapDevice }) {
  const { t } = useTranslation('diagnostics');
  const slots = device
    ? padPorts(device.portMapping, device.portLabels)
    : padPorts(result.ports.map((p) => ({ id: p.systemNumber, systemNumber: p.systemNumber, type: 'LAN' })));
  const off = result.ports.filter((p) => !p.enabled).map((p) => p.systemNumber);
  return (
    <div data-testid="result-ports">
      <PortMap slots={slots} disabledPorts={off} label={t('ports.mapLabel')} />
    </div>
  );
}
