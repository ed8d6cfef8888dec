import { IconBuildingStore, IconHistory, IconMapPinExclamation, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';

// The menu's Recently Viewed, Problem Sites and Favorite Sites are views of the site list.
const views = {
  recent: {
    icon: IconHistory,
    title: 'sites.recentTitle',
    text: 'sites.recentText',
    heading: 'menu.recentlyViewed',
  },
  problem: {
    icon: IconMapPinExclamation,
    title: 'sites.problemTitle',
    text: 'sites.problemText',
    heading: 'menu.problemSites',
  },
  favorites: {
    icon: IconStar,
    title: 'sites.favoriteTitle',
    text: 'sites.favoriteText',
    heading: 'menu.favoriteSites',
  },
} as const;

/** All sites (title Site), or one of its views from the menu (filled by a later issue). */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get('view');
  const view = key && key in views ? views[key as keyof typeof views] : null;
  if (view) {
    return (
      <PageFrame title={t(view.heading)}>
        <EmptyState icon={view.icon} title={t(view.title)} text={t(view.text)} />
      </PageFrame>
    );
  }
  return (
    <PageFrame>
      <EmptyState icon={IconBuildingStore} title={t('sites.emptyTitle')} text={t('sites.emptyText')} />
    </PageFrame>
  );
}
