import {
  readList,
  readTableParams,
  sortParam,
  type TableParams,
} from '../../../components/data-table/table-params.ts';
import {
  KIND_FILTERS,
  type KindFilter,
  STATUS_FILTERS,
  type StatusFilter,
} from '../../../components/fleet-filter-options.ts';
import type { DeviceSearchParams } from '../api/search-devices.ts';

/** Columns the server sorts devices by (contracts DEVICE_SORT_FIELDS). */
export const DEVICE_SORTS = [
  'macAddress',
  'manufacturer',
  'model',
  'kind',
  'status',
  'lastUpdate',
  'siteName',
] as const;

export interface DeviceListState {
  table: TableParams;
  status: StatusFilter[];
  kind: KindFilter[];
  model: string[];
  q: string;
}

/** The All Devices list's state from the address bar; unknown statuses and kinds are dropped. */
export function readDeviceListState(params: URLSearchParams): DeviceListState {
  return {
    table: readTableParams(params, DEVICE_SORTS),
    status: readList(params, 'status', STATUS_FILTERS),
    kind: readList(params, 'kind', KIND_FILTERS),
    model: readList(params, 'model').filter((m) => m.length <= 100),
    q: (params.get('q') ?? '').trim().slice(0, 200),
  };
}

export function deviceSearchRequest(state: DeviceListState): DeviceSearchParams {
  return {
    page: state.table.page,
    pageSize: state.table.pageSize,
    sorting: sortParam(state.table.sort),
    status: state.status,
    kind: state.kind,
    model: state.model,
    q: state.q || undefined,
  };
}
