import { paths } from './paths.ts';

/** The Alerts screen filtered to one device or one site: its active alerts, or its history (cleared ones). */
export function alertListPath(
  filter: 'device' | 'site',
  id: string,
  status: 'active' | 'cleared' = 'active',
): string {
  const params = new URLSearchParams({ [filter]: id });
  if (status === 'cleared') params.set('status', 'cleared');
  return `${paths.alerts}?${params}`;
}
