import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/page-frame.tsx';
import { readSiteView } from '../components/site-list-state.ts';
import { SitesList } from '../components/sites-list.tsx';

const headings = {
  recent: 'menu.recentlyViewed',
  problem: 'menu.problemSites',
  favorites: 'menu.favoriteSites',
} as const;

/** All Sites (title Site), or one of its menu views: ?view=recent | problem | favorites. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const view = readSiteView(params);
  return (
    <PageFrame title={view === 'all' ? undefined : t(headings[view])}>
      <SitesList key={view} />
    </PageFrame>
  );
}
