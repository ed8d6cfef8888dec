/**
 * Where a stored session's reload or bookmark opens the dashboards list: index.html's boot script (vite.config.ts,
 * `bootPreload`) and the router's stored-session preload both start the frame's and the screen's downloads there.
 */
export const LANDING_PATHS: readonly string[] = ['/', '/dashboard'];

/** Every link in the app comes from here. */
export const paths = {
  root: '/',
  dashboard: '/dashboard',
  dashboardById: (did: string) => `/dashboard/${encodeURIComponent(did)}`,
  sites: '/sites',
  site: (id: string) => `/sites/${encodeURIComponent(id)}`,
  device: (siteId: string, deviceId: string) =>
    `/sites/${encodeURIComponent(siteId)}/device/${encodeURIComponent(deviceId)}`,
  sitesMap: '/sites/map',
  sitesSearch: '/sites/search',
  devices: '/devices',
  alerts: '/alerts',
  /** The Alerts screen with this alert's detail open, on the tab it is in. */
  alert: (id: string, status: 'active' | 'cleared') =>
    `/alerts?${status === 'cleared' ? 'status=cleared&' : ''}alert=${encodeURIComponent(id)}`,
  alertsMaintenance: '/alerts/maintenance',
  tickets: '/tickets',
  ticket: (id: string) => `/tickets/${encodeURIComponent(id)}`,
  reports: '/reports',
  report: (id: string) => `/reports/${encodeURIComponent(id)}`,
  settings: '/settings',
  settingsProfile: '/settings/profile',
  settingsOrganization: '/settings/organization',
  settingsGroups: '/settings/groups',
  settingsNotifications: '/settings/notifications',
  admin: '/admin',
  adminOrganization: '/admin/organization',
  adminUsers: '/admin/users',
  adminActivity: '/admin/activity',
  adminApiKeys: '/admin/api-keys',
  adminWebhooks: '/admin/webhooks',
  support: '/support',
  provisioning: '/provisioning',
  login: '/login',
  register: '/register',
  organizationLookup: '/organization-lookup',
  emailValidation: '/email-validation',
  multiFactorEnroll: '/multi-factor-auth',
  updatePassword: '/update-password',
  authentication: '/authentication',
  forgotPassword: '/forgot-password',
  forgotPasswordConfirm: '/forgot-password-confirm',
  maintenance: '/maintenance',
  impersonate: '/impersonate',
  acceptInvitation: '/accept-invitation',
  loginCallback: '/login/callback',
  loginCallbackOauth: '/login/callback/oauth',
  loginViaOkta: '/login/callback/login-via-okta',
  /** A wall display (issue 37): opened with a display key, not a person's session. */
  wall: '/wall',
} as const;

/** Paths the navigation guard lets through without a token (spec part 2, "Navigation guard"). */
export const guardPublicPaths: readonly string[] = [
  paths.login,
  paths.register,
  paths.organizationLookup,
  paths.forgotPassword,
  paths.forgotPasswordConfirm,
  paths.impersonate,
  // Not in the spec's list: the page an invitation link opens (ARCHITECTURE.md, "Administration → Users").
  paths.acceptInvitation,
  paths.maintenance,
  paths.loginCallback,
  paths.loginCallbackOauth,
  paths.loginViaOkta,
  // Not in the spec's list: the wall display, whose credential is its display key (issue 37), never a session.
  paths.wall,
];
