import { NavLink } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useLastVisitedSite } from '../api/get-recent-sites.ts';
import { readLastViewedSite } from '../utils/stored-sites.ts';

/**
 * The menu's Last Visited Site: a link to the most recently visited site (GET site/recent?pageSize=1; a
 * device's page counts as a visit to its site).
 */
export function LastVisitedSiteLink() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const recent = useLastVisitedSite();
  // Until site/recent answers, the site this browser last opened (the `sites` storage item).
  const site = recent.site ?? (recent.isPending ? readLastViewedSite() : null);
  if (!site) {
    return (
      <NavLink
        component="div"
        aria-disabled="true"
        label={t('menu.lastVisitedSite')}
        description={t('menu.noLastVisitedSite')}
        leftSection={<IconClock size={18} aria-hidden />}
        c="dimmed"
        styles={{
          root: { cursor: 'default', background: 'none' },
          description: { color: 'var(--mantine-color-dimmed)' },
        }}
      />
    );
  }
  const to = paths.site(site.id);
  const active = pathname === to;
  return (
    <NavLink
      component={Link}
      to={to}
      label={t('menu.lastVisitedSite')}
      description={site.name}
      leftSection={<IconClock size={18} aria-hidden />}
      active={active}
      aria-current={active ? 'page' : undefined}
      variant="light"
      data-testid="last-visited-site"
    />
  );
}
