import { useQuery } from '@tanstack/react-query';
import {
  type AlertCode,
  AlertSchema,
  type AlertSeverity,
  type AlertState,
  PagedSchema,
} from '@vnoc/contracts';
import { liveRefetchInterval } from '../../../lib/live.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { alertListQueryKey } from './keys.ts';

/** GET alert parameters (also those of the CSV export): paging, sorting and the filters. */
export interface AlertListParams {
  status: AlertState;
  page: number;
  pageSize: number;
  /** `field-asc|desc`; unset: the server's default (active: priority-asc, cleared: raisedAt-desc). */
  sorting?: string;
  code?: readonly AlertCode[];
  severity?: readonly AlertSeverity[];
  siteId?: string;
  deviceId?: string;
  groupId?: string;
  q?: string;
  /** ISO times. */
  from?: string;
  to?: string;
  /** Dependents as rows of their own (default: root alerts only). */
  dependents?: boolean;
}

const list = (values: readonly string[] | undefined) =>
  values && values.length > 0 ? values.join(',') : undefined;

/** The query string of GET alert and of the export: lists comma-separated, empty filters left out. */
export function alertListQuery(params: AlertListParams): Record<string, string | number | undefined> {
  return {
    status: params.status,
    page: params.page,
    pageSize: params.pageSize,
    sorting: params.sorting,
    code: list(params.code),
    severity: list(params.severity),
    siteId: params.siteId,
    deviceId: params.deviceId,
    groupId: params.groupId,
    q: params.q?.trim() || undefined,
    from: params.from,
    to: params.to,
    dependents: params.dependents ? 'true' : undefined,
  };
}

/** GET alert: one page of the organization's alerts (root alerts unless `dependents`). */
export function getAlertsQueryOptions(params: AlertListParams) {
  const request = {
    query: alertListQuery(params),
    schema: import.meta.env.DEV ? PagedSchema(AlertSchema) : undefined,
  };
  return pageQueryOptions(alertListQueryKey(params), 'alert', request, () => liveRefetchInterval());
}

export function useAlerts(params: AlertListParams, enabled = true) {
  return useQuery({ ...getAlertsQueryOptions(params), enabled });
}
