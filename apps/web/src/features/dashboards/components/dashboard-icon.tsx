import {
  IconAlertTriangle,
  IconBuildingStore,
  IconChartBar,
  IconHeartbeat,
  IconLayoutDashboard,
  IconMapPin,
  IconRouter,
  IconWorld,
} from '@tabler/icons-react';

/** The icons a dashboard may carry, by their @tabler/icons-react names (stored in `icon`). */
export const DASHBOARD_ICONS = {
  IconLayoutDashboard,
  IconBuildingStore,
  IconMapPin,
  IconWorld,
  IconChartBar,
  IconHeartbeat,
  IconRouter,
  IconAlertTriangle,
} as const;
export type DashboardIconName = keyof typeof DASHBOARD_ICONS;
export const DASHBOARD_ICON_NAMES = Object.keys(DASHBOARD_ICONS) as DashboardIconName[];

/** A dashboard's icon (an unknown or missing name draws the dashboard icon). */
export function DashboardIcon({ name, size = 18 }: { name: string | null; size?: number }) {
  const Icon = DASHBOARD_ICONS[(name ?? '') as DashboardIconName] ?? IconLayoutDashboard;
  return <Icon size={size} aria-hidden />;
}
