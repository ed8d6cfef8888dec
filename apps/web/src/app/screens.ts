/**
 * The signed-in screens' route modules and the wording each draws (issue 39): the router loads a screen's
 * namespaces beside its module (`screen` in app/router.tsx), the signed-in frame's beside its layout, and the rest
 * of the language once the first screen has drawn. Plain data, so bench/web.ts (what each screen loads first) and
 * vite.config.ts (the wording's files) read the same declaration; screens.test.ts checks every namespace a
 * screen's modules name is declared here, by the frame, or bundled (PUBLIC_NAMESPACES).
 *
 * `module` is the route module's path as the router imports it (from src/app); `namespaces` leaves out the frame's
 * and the public ones, which are there already.
 */
export interface Screen {
  readonly module: string;
  readonly namespaces: readonly string[];
}

/** The signed-in frame (its layout, header search, chat launcher and menus): what it draws before any screen. */
export const frame: Screen = { module: './layouts/main-layout.tsx', namespaces: ['chat', 'search'] };

/** The screens drawn inside the signed-in frame, by route. */
export const consoleScreens = {
  dashboards: {
    module: '../features/dashboards/routes/dashboards.tsx',
    namespaces: ['dashboards', 'alerts', 'fleet', 'siteDetail', 'table'],
  },
  dashboard: {
    module: '../features/dashboards/routes/dashboard.tsx',
    namespaces: ['dashboards', 'alerts', 'fleet', 'siteDetail', 'table'],
  },
  sites: { module: '../features/sites/routes/sites.tsx', namespaces: ['sites', 'fleet', 'table'] },
  sitesMap: { module: '../features/sites/routes/map.tsx', namespaces: ['siteDetail', 'alerts', 'fleet'] },
  advancedSearch: {
    module: '../features/sites/routes/advanced-search.tsx',
    namespaces: ['sites', 'fleet', 'table'],
  },
  site: {
    module: './routes/site.tsx',
    namespaces: ['siteDetail', 'alerts', 'diagnostics', 'fleet', 'tickets', 'timeline'],
  },
  device: {
    module: './routes/device.tsx',
    namespaces: ['siteDetail', 'alerts', 'diagnostics', 'fleet', 'tickets', 'timeline'],
  },
  devices: { module: './routes/devices.tsx', namespaces: ['deviceList', 'diagnostics', 'fleet', 'table'] },
  alerts: { module: './routes/alerts.tsx', namespaces: ['alerts', 'table'] },
  alertsMaintenance: { module: '../features/alerts/routes/maintenance.tsx', namespaces: ['alerts'] },
  tickets: { module: '../features/tickets/routes/tickets.tsx', namespaces: ['tickets', 'table'] },
  ticket: { module: '../features/tickets/routes/ticket.tsx', namespaces: ['tickets', 'alerts', 'fleet'] },
  reports: { module: '../features/reports/routes/reports.tsx', namespaces: ['reports'] },
  report: { module: '../features/reports/routes/report.tsx', namespaces: ['reports', 'table'] },
  profile: { module: './routes/profile.tsx', namespaces: [] },
  myOrganization: {
    module: '../features/settings/routes/organization.tsx',
    namespaces: ['adminOrganization'],
  },
  groups: { module: '../features/settings/routes/groups.tsx', namespaces: ['groups', 'table'] },
  notifications: {
    module: '../features/settings/routes/notifications.tsx',
    namespaces: ['notifications', 'table'],
  },
  adminOrganization: {
    module: '../features/admin/routes/organization.tsx',
    namespaces: ['adminOrganization'],
  },
  adminUsers: { module: '../features/admin/routes/users.tsx', namespaces: ['table'] },
  adminActivity: {
    module: '../features/admin/routes/activity.tsx',
    namespaces: ['adminOrganization', 'table'],
  },
  apiKeys: { module: '../features/admin/routes/api-keys.tsx', namespaces: ['apiKeys'] },
  webhooks: { module: '../features/admin/routes/webhooks.tsx', namespaces: ['adminWebhooks'] },
  support: { module: '../features/support/routes/support.tsx', namespaces: ['support', 'tickets', 'table'] },
  provisioning: {
    module: '../features/provisioning/routes/provisioning.tsx',
    namespaces: ['provisioning', 'fleet', 'table'],
  },
  notFound: { module: './routes/not-found.tsx', namespaces: [] },
} as const satisfies Record<string, Screen>;

/** Issue 37's wall display: a screen of its own, outside the frame (it draws none of the frame's wording). */
export const wallScreen: Screen = {
  module: '../features/dashboards/routes/wall.tsx',
  namespaces: ['dashboards', 'alerts', 'fleet', 'siteDetail'],
};
