/** Query keys of the dashboards feature; saving or deleting a dashboard invalidates the list. */
export const dashboardsQueryKey = ['dashboards'] as const;
