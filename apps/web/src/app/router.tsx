import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
  replace,
} from 'react-router';
import { PublicLayout } from '../components/public-layout.tsx';
import { getDashboardsQueryOptions } from '../features/dashboards/api/get-dashboards.ts';
import { authStore } from '../lib/auth-store.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { LANDING_PATHS, paths } from '../lib/paths.ts';
import { queryClient } from '../lib/query-client.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { isFullSession } from '../lib/session.ts';
import { decideNavigation } from './guard.ts';
import { RootErrorBoundary, RootLayout } from './layouts/root-layout.tsx';
import { consoleScreens, frame, type Screen, wallScreen } from './screens.ts';

type RouteModule = { Component?: unknown };
// The auth helper's screens; each module exports `Component` (react-router's lazy convention).
const authModules = import.meta.glob<RouteModule>([
  '../features/auth/routes/*.tsx',
  '!../features/auth/routes/*.test.tsx',
]);

/**
 * A public screen beyond /login, with the Mantine styles /login's first load leaves out (its code inputs,
 * checkboxes, selects, dialogs: styles/mantine-sign-in.css).
 */
function withSignInStyles<M>(load: () => Promise<M>) {
  return async () => (await Promise.all([load(), import('../styles/sign-in-styles.ts')]))[0];
}

function authScreen(name: string) {
  const load = authModules[`../features/auth/routes/${name}.tsx`];
  if (!load) throw new Error(`Route module features/auth/routes/${name}.tsx is missing.`);
  const screen = async () => (await load()) as Pick<RouteObject, 'Component'>;
  return name === 'login' ? screen : withSignInStyles(screen);
}

/**
 * A lazy screen of the console (or the wall display): its route module (`load` imports `declared.module`;
 * screens.test.ts checks they agree) and, beside it, the wording it declares (app/screens.ts), so it draws in the
 * reader's language as it shows, and its first load fetches only the wording it draws (issue 39).
 */
function screen<M>(declared: Screen, load: () => Promise<M>) {
  return async () => (await Promise.all([load(), loadNamespaces(declared.namespaces)]))[0];
}

/**
 * The dashboards screens, for the route table and the stored session's preload. Each import in a function of its
 * own: two behind one condition were merged by the minifier into one call whose preload list was the second
 * module's, so /dashboard fetched /dashboard/{did}'s module and its own only after.
 */
const dashboardsScreen = screen(
  consoleScreens.dashboards,
  () => import('../features/dashboards/routes/dashboards.tsx'),
);
const dashboardScreen = screen(
  consoleScreens.dashboard,
  () => import('../features/dashboards/routes/dashboard.tsx'),
);

/**
 * The signed-in frame: its layout, the rest of Mantine's styles and the frame's own wording (the screen inside it
 * loads its own beside it; the rest of the language follows once the first screen has drawn).
 */
const loadConsole = () =>
  Promise.all([
    import('./layouts/main-layout.tsx'),
    import('../styles/console-styles.ts'),
    loadNamespaces(frame.namespaces),
  ]);

/**
 * On the last sign-in steps (the MFA code; a single sign-on callback; a support access code being opened), the
 * console and the dashboards screen it opens on (its grid, the base dashboard's widgets and map shapes) are
 * fetched while the person types or the session starts: the step's end then leads to the dashboard, not to
 * downloads. No API call until the session is granted. Never awaited (a failure shows when the console itself
 * loads).
 */
function preloadConsole() {
  loadConsole().catch(() => undefined);
  dashboardsScreen().catch(() => undefined);
  import('../features/dashboards/components/dashboard-screen.tsx')
    .then(({ preloadDashboardModules }) => preloadDashboardModules())
    .catch(() => undefined);
  // The base dashboard's map: its component (which its widget otherwise asks for as it first renders, and then
  // draws only in a retry after the other widgets: its first view and its sites' call came ~0.2 s later) and its
  // basemap, loaded while the code is typed.
  import('../features/dashboards/components/widgets.tsx')
    .then(({ preloadStatusMap }) => preloadStatusMap())
    .catch(() => undefined);
  import('../components/map-surface.tsx').then(({ loadBasemap }) => loadBasemap()).catch(() => undefined);
  prefetchDashboardsOnceSignedIn();
  return null;
}

/**
 * A stored session opening the dashboard directly (a reload, a bookmark, the browser's start page): the signed-in
 * frame and the dashboards screen are fetched as the entry starts (index.html's boot script has asked for their
 * files already: vite.config.ts, `bootPreload`). Where the token turns out expired or unreadable the guard sends
 * the page to /login, which does not wait for these. Never awaited (a failure shows when the route itself loads);
 * undefined when nothing is fetched.
 */
export function preloadStoredSession(path: string): Promise<unknown> | undefined {
  if (!authStore.get().jwt) return;
  const dashboards = LANDING_PATHS.includes(path);
  if (!dashboards && !path.startsWith(`${paths.dashboard}/`)) return;
  // The screen's data too (a token that is no complete session asks nothing): beside the frame's download. The route's own loader runs only once the frame has loaded, and the
  // list it asks for is what the screen's heading and first lines wait on (~0.1 s later here, seconds on
  // Lighthouse's mobile network). The loader then finds it asked for already.
  const did = dashboards ? undefined : decodeURIComponent(path.slice(paths.dashboard.length + 1));
  prefetchDashboardsOf(did);
  return Promise.all([loadConsole(), (dashboards ? dashboardsScreen : dashboardScreen)()]).catch(
    () => undefined,
  );
}

let awaitingSession: (() => void) | undefined;

/**
 * Once the code is accepted (the session complete), the default dashboard's data is asked for beside the user
 * record the sign-in fetches before it leaves the code screen for `/` (spec part 4), not after it (~70 ms here).
 * One watch at a time; it ends with the first complete session.
 */
function prefetchDashboardsOnceSignedIn() {
  awaitingSession ??= authStore.subscribe(() => {
    if (!isFullSession(authStore.get().claims)) return;
    awaitingSession?.();
    awaitingSession = undefined;
    prefetchDashboardsOf(undefined);
  });
}

/**
 * The dashboards list, then the widgets' data of the dashboard `did` (else the default one), if the session is
 * complete (a sign-out before the widgets' module has loaded asks nothing more). The list is asked for at once,
 * from the entry: the screen's heading and first lines draw from it, and behind the widgets' module it waited for
 * that module's download and evaluation (~0.4 s of a direct load here). Never awaited.
 */
function prefetchDashboardsOf(did: string | undefined) {
  if (!isFullSession(authStore.get().claims)) return;
  void queryClient.prefetchQuery(getDashboardsQueryOptions());
  import('../features/dashboards/api/dashboard-data.ts')
    .then(({ prefetchDashboardData }) => {
      if (isFullSession(authStore.get().claims)) return prefetchDashboardData(queryClient, did);
    })
    .catch(() => undefined);
}

/** What the navigation guard decides for a location, with the session as it is now. */
function guardDecision(url: URL, previous: string | null) {
  const { jwt, claims, captivity } = authStore.get();
  return decideNavigation({
    path: url.pathname,
    asked: `${url.pathname}${url.search}${url.hash}`,
    previousPath: previous,
    auth: { jwt, claims, captivity },
    nowMs: Date.now(),
  });
}

/**
 * The dashboards list and then its widgets' data, asked for as the navigation to a dashboard starts, beside the
 * screen's own modules; only when the guard lets the navigation through (loaders run beside the root's guard,
 * not after it). A failure shows on the screen, which asks again.
 */
function prefetchDashboards({ request, params }: LoaderFunctionArgs) {
  if (guardDecision(new URL(request.url), null).kind !== 'allow') return null;
  prefetchDashboardsOf(params.did);
  return null;
}

const h = (handle: RouteHandle) => handle;
const sitesCrumb = { label: 'breadcrumb.sites', to: paths.sites };
const settingsCrumb = { label: 'breadcrumb.settings', to: paths.settingsProfile };
const adminCrumb = { label: 'breadcrumb.administration', to: paths.adminOrganization };
const reportsCrumb = { label: 'breadcrumb.reports', to: paths.reports };
const ticketsCrumb = { label: 'breadcrumb.tickets', to: paths.tickets };
const dashboardsCrumb = { label: 'breadcrumb.dashboards', to: paths.dashboard };
const alertsCrumb = { label: 'breadcrumb.alerts', to: paths.alerts };

// The last allowed location, so a refused navigation can stay where it was (spec part 2 guard).
let previousPath: string | null = null;

/** Runs the navigation guard before every navigation (the root loader revalidates each time). */
export function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const decision = guardDecision(url, previousPath);
  if (decision.kind === 'redirect') throw redirect(decision.to);
  if (decision.kind === 'stay' && previousPath) throw replace(previousPath);
  previousPath = `${url.pathname}${url.search}${url.hash}`;
  return null;
}

/** For tests: forget the previous location, and end a watch for a complete session a sign-in step started. */
export function resetRouterState() {
  previousPath = null;
  awaitingSession?.();
  awaitingSession = undefined;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    loader: guardLoader,
    shouldRevalidate: () => true,
    HydrateFallback: () => null,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        // Lazy, so the public screens (/login) do not download the signed-in frame.
        // The frame's wording and the rest of Mantine's styles come with its layout: /login does not carry them.
        lazy: async () => {
          const [layout] = await loadConsole();
          return { Component: layout.MainLayout };
        },
        children: [
          { index: true, loader: () => redirect(paths.dashboard) },
          {
            path: 'dashboard',
            loader: prefetchDashboards,
            handle: h({
              name: 'Dashboards',
              title: 'titles.dashboards',
              breadcrumb: [{ label: 'titles.dashboards' }],
            }),
            lazy: dashboardsScreen,
          },
          {
            path: 'dashboard/:did',
            loader: prefetchDashboards,
            handle: h({
              name: 'Dashboard',
              title: 'titles.dashboard',
              breadcrumb: [dashboardsCrumb, { label: 'titles.dashboard' }],
            }),
            lazy: dashboardScreen,
          },
          { path: 'site/:id', loader: ({ params }) => redirect(paths.site(params.id ?? '')) },
          {
            path: 'sites',
            handle: h({
              name: 'AllSites',
              title: 'titles.sites',
              breadcrumb: [{ label: 'breadcrumb.sites' }],
            }),
            lazy: screen(consoleScreens.sites, () => import('../features/sites/routes/sites.tsx')),
          },
          {
            path: 'sites/map',
            handle: h({
              name: 'SitesMap',
              title: 'titles.sitesMap',
              breadcrumb: [sitesCrumb, { label: 'titles.sitesMap' }],
            }),
            lazy: screen(consoleScreens.sitesMap, () => import('../features/sites/routes/map.tsx')),
          },
          {
            path: 'sites/search',
            handle: h({
              name: 'AdvancedSearch',
              title: 'titles.advancedSearch',
              breadcrumb: [sitesCrumb, { label: 'titles.advancedSearch' }],
            }),
            lazy: screen(
              consoleScreens.advancedSearch,
              () => import('../features/sites/routes/advanced-search.tsx'),
            ),
          },
          {
            path: 'sites/:id',
            handle: h({
              name: 'Site',
              title: 'titles.siteOverview',
              breadcrumb: [sitesCrumb, { label: 'titles.siteOverview' }],
            }),
            lazy: screen(consoleScreens.site, () => import('./routes/site.tsx')),
          },
          {
            path: 'sites/:id/device/:deviceId',
            handle: h({
              name: 'Device',
              title: 'titles.device',
              breadcrumb: [sitesCrumb, { label: 'titles.device' }],
            }),
            lazy: screen(consoleScreens.device, () => import('./routes/device.tsx')),
          },
          {
            path: 'devices',
            handle: h({
              name: 'AllDevices',
              title: 'titles.allDevices',
              breadcrumb: [{ label: 'titles.allDevices' }],
            }),
            lazy: screen(consoleScreens.devices, () => import('./routes/devices.tsx')),
          },
          {
            path: 'alerts',
            handle: h({ name: 'Alerts', title: 'titles.alerts', breadcrumb: [{ label: 'titles.alerts' }] }),
            lazy: screen(consoleScreens.alerts, () => import('./routes/alerts.tsx')),
          },
          {
            path: 'alerts/maintenance',
            handle: h({
              name: 'AlertsMaintenance',
              title: 'titles.alertsMaintenance',
              breadcrumb: [alertsCrumb, { label: 'titles.alertsMaintenance' }],
            }),
            lazy: screen(
              consoleScreens.alertsMaintenance,
              () => import('../features/alerts/routes/maintenance.tsx'),
            ),
          },
          {
            path: 'tickets',
            handle: h({
              name: 'Tickets',
              title: 'titles.tickets',
              breadcrumb: [{ label: 'titles.tickets' }],
            }),
            lazy: screen(consoleScreens.tickets, () => import('../features/tickets/routes/tickets.tsx')),
          },
          {
            path: 'tickets/:id',
            handle: h({
              name: 'Ticket',
              title: 'titles.ticket',
              breadcrumb: [ticketsCrumb, { label: 'titles.ticket' }],
            }),
            lazy: screen(consoleScreens.ticket, () => import('../features/tickets/routes/ticket.tsx')),
          },
          {
            path: 'reports',
            handle: h({
              name: 'Reports',
              title: 'titles.reports',
              breadcrumb: [{ label: 'titles.reports' }],
            }),
            lazy: screen(consoleScreens.reports, () => import('../features/reports/routes/reports.tsx')),
          },
          {
            path: 'reports/:id',
            handle: h({
              name: 'Report',
              title: 'titles.report',
              breadcrumb: [reportsCrumb, { label: 'titles.report' }],
            }),
            lazy: screen(consoleScreens.report, () => import('../features/reports/routes/report.tsx')),
          },
          { path: 'profile', loader: () => redirect(paths.settingsProfile) },
          {
            path: 'settings',
            children: [
              { index: true, loader: () => redirect(paths.settingsProfile) },
              {
                path: 'profile',
                handle: h({
                  name: 'Profile',
                  title: 'titles.profile',
                  breadcrumb: [settingsCrumb, { label: 'titles.profile' }],
                }),
                lazy: screen(consoleScreens.profile, () => import('./routes/profile.tsx')),
              },
              {
                path: 'organization',
                handle: h({
                  name: 'MyOrganization',
                  title: 'titles.myOrganization',
                  breadcrumb: [settingsCrumb, { label: 'titles.myOrganization' }],
                }),
                lazy: screen(
                  consoleScreens.myOrganization,
                  () => import('../features/settings/routes/organization.tsx'),
                ),
              },
              {
                path: 'groups',
                handle: h({
                  name: 'Groups',
                  title: 'titles.groups',
                  breadcrumb: [settingsCrumb, { label: 'titles.groups' }],
                }),
                lazy: screen(consoleScreens.groups, () => import('../features/settings/routes/groups.tsx')),
              },
              {
                path: 'notifications',
                handle: h({
                  name: 'Notifications',
                  title: 'titles.notifications',
                  breadcrumb: [settingsCrumb, { label: 'titles.notifications' }],
                }),
                lazy: screen(
                  consoleScreens.notifications,
                  () => import('../features/settings/routes/notifications.tsx'),
                ),
              },
            ],
          },
          {
            path: 'admin',
            children: [
              { index: true, loader: () => redirect(paths.adminOrganization) },
              {
                path: 'organization',
                handle: h({
                  name: 'AdminOrganization',
                  title: 'titles.organization',
                  breadcrumb: [adminCrumb, { label: 'titles.organization' }],
                }),
                lazy: screen(
                  consoleScreens.adminOrganization,
                  () => import('../features/admin/routes/organization.tsx'),
                ),
              },
              {
                path: 'users',
                handle: h({
                  name: 'AdminUsers',
                  title: 'titles.users',
                  breadcrumb: [adminCrumb, { label: 'titles.users' }],
                }),
                lazy: screen(consoleScreens.adminUsers, () => import('../features/admin/routes/users.tsx')),
              },
              {
                path: 'activity',
                handle: h({
                  name: 'AdminActivity',
                  title: 'titles.activity',
                  breadcrumb: [adminCrumb, { label: 'titles.activity' }],
                }),
                lazy: screen(
                  consoleScreens.adminActivity,
                  () => import('../features/admin/routes/activity.tsx'),
                ),
              },
              {
                path: 'api-keys',
                handle: h({
                  name: 'AdminApiKeys',
                  title: 'titles.apiKeys',
                  breadcrumb: [adminCrumb, { label: 'titles.apiKeys' }],
                }),
                lazy: screen(consoleScreens.apiKeys, () => import('../features/admin/routes/api-keys.tsx')),
              },
              {
                path: 'webhooks',
                handle: h({
                  name: 'AdminWebhooks',
                  title: 'titles.webhooks',
                  breadcrumb: [adminCrumb, { label: 'titles.webhooks' }],
                }),
                lazy: screen(consoleScreens.webhooks, () => import('../features/admin/routes/webhooks.tsx')),
              },
            ],
          },
          {
            path: 'support',
            handle: h({ name: 'Support', title: 'titles.support' }),
            lazy: screen(consoleScreens.support, () => import('../features/support/routes/support.tsx')),
          },
          {
            path: 'provisioning',
            handle: h({ name: 'Provisioning', title: 'titles.provisioning' }),
            lazy: screen(
              consoleScreens.provisioning,
              () => import('../features/provisioning/routes/provisioning.tsx'),
            ),
          },
          {
            path: '*',
            handle: h({ name: 'NotFound', title: 'titles.notFound' }),
            lazy: screen(consoleScreens.notFound, () => import('./routes/not-found.tsx')),
          },
        ],
      },
      {
        // Issue 37: a NOC wall display, on its display key; neither the console's frame nor a sign-in page's.
        path: 'wall',
        handle: h({ name: 'Wall', title: 'titles.wall' }),
        lazy: screen(
          wallScreen,
          async () =>
            (
              await Promise.all([
                import('../features/dashboards/routes/wall.tsx'),
                import('../styles/console-styles.ts'),
              ])
            )[0],
        ),
      },
      {
        Component: PublicLayout,
        children: [
          { path: 'login', handle: h({ name: 'Login', title: 'titles.login' }), lazy: authScreen('login') },
          {
            path: 'register',
            handle: h({ name: 'Register', title: 'titles.register' }),
            lazy: authScreen('register'),
          },
          {
            path: 'organization-lookup',
            handle: h({ name: 'OrganizationLookup', title: 'titles.organizationLookup' }),
            lazy: authScreen('organization-lookup'),
          },
          {
            path: 'email-validation',
            handle: h({ name: 'EmailValidation', title: 'titles.emailValidation' }),
            lazy: authScreen('email-validation'),
          },
          {
            path: 'multi-factor-auth',
            handle: h({ name: 'MultiFactorEnroll', title: 'titles.multiFactorEnroll' }),
            lazy: authScreen('multi-factor-enroll'),
            loader: preloadConsole,
          },
          {
            path: 'authentication',
            handle: h({ name: 'MultiFactorAuth', title: 'titles.multiFactorAuth' }),
            lazy: authScreen('multi-factor-auth'),
            loader: preloadConsole,
          },
          {
            path: 'update-password',
            handle: h({ name: 'UpdatePassword', title: 'titles.updatePassword' }),
            lazy: authScreen('update-password'),
          },
          {
            path: 'forgot-password',
            handle: h({ name: 'ForgotPassword', title: 'titles.forgotPassword' }),
            lazy: authScreen('forgot-password'),
          },
          {
            path: 'forgot-password-confirm',
            handle: h({ name: 'ForgotPasswordConfirm', title: 'titles.forgotPasswordConfirm' }),
            lazy: authScreen('forgot-password-confirm'),
          },
          {
            path: 'impersonate',
            handle: h({ name: 'Impersonate', title: 'titles.impersonate' }),
            lazy: authScreen('impersonate'),
            loader: preloadConsole,
          },
          {
            path: 'accept-invitation',
            handle: h({ name: 'AcceptInvitation', title: 'titles.acceptInvitation' }),
            lazy: withSignInStyles(() => import('../features/admin/users/routes/accept-invitation.tsx')),
          },
          {
            path: 'maintenance',
            handle: h({ name: 'Maintenance', title: 'titles.maintenance' }),
            lazy: withSignInStyles(() => import('./routes/maintenance.tsx')),
          },
          {
            path: 'login/callback',
            handle: h({ name: 'LoginCallback', title: 'titles.loginCallback' }),
            lazy: withSignInStyles(() => import('../features/auth/routes/sso-callback.tsx')),
            loader: preloadConsole,
          },
          {
            path: 'login/callback/oauth',
            handle: h({ name: 'LoginCallbackOauth', title: 'titles.loginCallback' }),
            lazy: withSignInStyles(() => import('../features/auth/routes/sso-callback.tsx')),
            loader: preloadConsole,
          },
          {
            path: 'login/callback/login-via-okta',
            handle: h({ name: 'LoginViaOkta', title: 'titles.loginCallback' }),
            lazy: withSignInStyles(() => import('../features/auth/routes/sso-begin.tsx')),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
