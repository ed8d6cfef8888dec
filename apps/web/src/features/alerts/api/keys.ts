import type { AlertListParams } from './get-alerts.ts';

/**
 * Query keys. Every alert list, count and detail starts with ['alerts'], the panels with ['site', id,
 * 'alerts'] / ['device', id, 'alerts'] and windows with ['maintenance'], so a live alert event (or a
 * change made here) refreshes them by prefix.
 */
export const alertsQueryKey = ['alerts'] as const;
export const alertListsQueryKey = ['alerts', 'list'] as const;
export const alertListQueryKey = (params: AlertListParams) => ['alerts', 'list', params] as const;
export const alertCountsQueryKey = ['alerts', 'counts'] as const;
export const alertQueryKey = (id: string) => ['alerts', 'detail', id] as const;
export const alertCodesQueryKey = ['alerts', 'codes'] as const;
export const assigneesQueryKey = ['alerts', 'assignees'] as const;
export const siteAlertsQueryKey = (siteId: string) => ['site', siteId, 'alerts'] as const;
export const deviceAlertsQueryKey = (deviceId: string) => ['device', deviceId, 'alerts'] as const;
export const maintenanceQueryKey = ['maintenance'] as const;
export const maintenanceListQueryKey = (state: 'current' | 'ended', siteId?: string) =>
  ['maintenance', state, siteId ?? null] as const;
