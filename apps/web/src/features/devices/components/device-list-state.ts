import { DEVICE_SORT_FIELDS } from '@vnoc/contracts';
import { readList } from '../../../components/data-table/table-params.ts';
import {
  type FleetListState,
  fleetSearchRequest,
  readFleetListState,
} from '../../../components/fleet-search.ts';
import type { DeviceSearchParams } from '../api/search-devices.ts';

/** Columns the server sorts devices by. */
export const DEVICE_SORTS = DEVICE_SORT_FIELDS;

export interface DeviceListState extends FleetListState {
  model: string[];
}

/** The All Devices list's state from the address bar; unknown statuses and kinds are dropped. */
export function readDeviceListState(params: URLSearchParams): DeviceListState {
  return {
    ...readFleetListState(params, DEVICE_SORTS),
    model: readList(params, 'model').filter((m) => m.length <= 100),
  };
}

export function deviceSearchRequest(state: DeviceListState): DeviceSearchParams {
  return { ...fleetSearchRequest(state), model: state.model };
}
