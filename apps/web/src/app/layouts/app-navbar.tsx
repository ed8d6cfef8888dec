import { Badge, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBell,
  IconBuilding,
  IconBuildingCommunity,
  IconChartBar,
  IconDevices,
  IconFolders,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconLifebuoy,
  IconListDetails,
  IconMap2,
  IconMapPinExclamation,
  IconMessageCircle,
  IconRouter,
  IconSearch,
  IconStar,
  IconTicket,
  IconUser,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAlertCounts } from '../../features/alerts/api/get-alert-counts.ts';
import { LastVisitedSiteLink } from '../../features/sites/components/last-visited-site-link.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';

interface Item {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** Active when the path starts with this (defaults to `to` without its query). */
  match?: string;
  exact?: boolean;
  /** Shown at the end of the entry (e.g. the unseen alerts count). */
  badge?: ReactNode;
}

interface Section {
  label: string;
  items: Item[];
}

function isActive(item: Item, pathname: string, search: string): boolean {
  const [base, query] = item.to.split('?');
  if (query) return pathname === base && new URLSearchParams(search).toString() === query;
  if (item.exact) return pathname === base && !search.includes('view=');
  const prefix = item.match ?? base ?? '';
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Active root alerts raised since the user last opened Alerts (the shared ['alerts', 'counts'] query). */
function UnseenAlertsBadge() {
  const { t } = useTranslation();
  const unseen = useAlertCounts().data?.unseen ?? 0;
  if (unseen <= 0) return null;
  return (
    <>
      <Badge
        size="sm"
        color="red"
        variant="filled"
        circle={unseen < 10}
        aria-hidden
        data-testid="alerts-unseen-badge"
      >
        {unseen > 99 ? '99+' : unseen}
      </Badge>
      <VisuallyHidden>{t('menu.alertsUnseen', { count: unseen })}</VisuallyHidden>
    </>
  );
}

/**
 * The menu with the spec's labels (part 2); administrator-only links are hidden for other roles, and support staff
 * signed in as themselves see only the support area and their profile.
 */
export function AppNavbar() {
  const { t } = useTranslation();
  const { claims } = useAuth();
  const { pathname, search } = useLocation();
  const isAdministrator = claims?.role === 'ADMINISTRATOR';
  // Support staff signed in as themselves (not while acting as a customer).
  const isSupport = claims?.role === 'SUPPORT' && !claims.impersonatedBy;

  const sections: Section[] = [
    {
      label: 'menu.mainLinks',
      items: [
        { label: 'menu.recentlyViewed', to: `${paths.sites}?view=recent`, icon: IconHistory },
        { label: 'menu.dashboards', to: paths.dashboard, icon: IconLayoutDashboard },
        { label: 'menu.alerts', to: paths.alerts, icon: IconAlertTriangle, badge: <UnseenAlertsBadge /> },
        { label: 'menu.tickets', to: paths.tickets, icon: IconTicket },
        { label: 'menu.reports', to: paths.reports, icon: IconChartBar },
      ],
    },
    {
      label: 'menu.siteLinks',
      items: [
        ...(isAdministrator
          ? [{ label: 'menu.advancedSearch', to: paths.sitesSearch, icon: IconSearch }]
          : []),
        { label: 'menu.problemSites', to: `${paths.sites}?view=problem`, icon: IconMapPinExclamation },
        { label: 'menu.favoriteSites', to: `${paths.sites}?view=favorites`, icon: IconStar },
        { label: 'menu.mapOverview', to: paths.sitesMap, icon: IconMap2 },
      ],
    },
    {
      label: 'menu.deviceLinks',
      items: [{ label: 'menu.allDevices', to: paths.devices, icon: IconDevices }],
    },
  ];

  const settingsItems: Item[] = [
    { label: 'menu.profile', to: paths.settingsProfile, icon: IconUser },
    { label: 'menu.myOrganization', to: paths.settingsOrganization, icon: IconBuilding },
    { label: 'menu.groups', to: paths.settingsGroups, icon: IconFolders },
    { label: 'menu.notifications', to: paths.settingsNotifications, icon: IconBell },
  ];
  const adminItems: Item[] = [
    { label: 'menu.organization', to: paths.adminOrganization, icon: IconBuildingCommunity },
    { label: 'menu.users', to: paths.adminUsers, icon: IconUsers },
    { label: 'menu.activity', to: paths.adminActivity, icon: IconListDetails },
    { label: 'menu.apiKeys', to: paths.adminApiKeys, icon: IconKey },
    { label: 'menu.webhooks', to: paths.adminWebhooks, icon: IconWebhook },
  ];

  const link = (item: Item) => {
    const active = isActive(item, pathname, search);
    const Icon = item.icon;
    return (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to}
        label={t(item.label)}
        leftSection={<Icon size={18} aria-hidden />}
        rightSection={item.badge}
        active={active}
        aria-current={active ? 'page' : undefined}
        variant="light"
      />
    );
  };

  const sectionHeading = (label: string) => (
    <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="md" pb={4}>
      {t(label)}
    </Text>
  );

  const lastVisited = <LastVisitedSiteLink key="last-visited" />;

  // Support staff as themselves have no customer data (issue 37): their menu holds only what they may use.
  if (isSupport) {
    return (
      <Stack gap={0}>
        <NavGroup id="nav-support" heading={sectionHeading('menu.support')}>
          {link({ label: 'menu.supportPeople', to: paths.support, icon: IconLifebuoy, exact: true })}
          {link({ label: 'menu.supportTickets', to: `${paths.support}?view=tickets`, icon: IconTicket })}
          {link({ label: 'menu.supportChat', to: `${paths.support}?view=chat`, icon: IconMessageCircle })}
          {link({ label: 'menu.provisioning', to: paths.provisioning, icon: IconRouter })}
        </NavGroup>
        <NavGroup id="nav-settings" heading={sectionHeading('menu.settings')}>
          {link({ label: 'menu.profile', to: paths.settingsProfile, icon: IconUser })}
        </NavGroup>
      </Stack>
    );
  }

  return (
    <Stack gap={0}>
      {sections.map((section) => (
        <NavGroup
          key={section.label}
          id={`nav-${section.label.replace('.', '-')}`}
          heading={sectionHeading(section.label)}
        >
          {section.items.map((item) => link(item))}
          {section.label === 'menu.mainLinks' && lastVisited}
        </NavGroup>
      ))}
      <NavGroup id="nav-settings" heading={sectionHeading('menu.settings')}>
        {settingsItems.map((item) => link(item))}
      </NavGroup>
      {isAdministrator && (
        <NavGroup id="nav-administration" heading={sectionHeading('menu.administration')}>
          {adminItems.map((item) => link(item))}
        </NavGroup>
      )}
    </Stack>
  );
}

/** A labelled group of menu links (its heading names it for screen readers). */
function NavGroup({ id, heading, children }: { id: string; heading: ReactElement; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of links, not of form controls (fieldset)
    <div role="group" aria-labelledby={id}>
      <div id={id}>{heading}</div>
      {children}
    </div>
  );
}
