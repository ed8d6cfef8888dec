import { IconApps, IconExternalLink } from '@tabler/icons-react';
import type { SsoApp } from '@vnoc/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readJson, StorageKeys } from '../lib/storage.ts';
import { HeaderIconMenu } from './header-icon-menu.tsx';

/** Only web addresses open from the menu (a stored `javascript:` URL would run in the console). */
const openable = (url: string) => /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'));

/**
 * The other apps stored under `vnoc-apps` that can be opened, in their stored (sortOrder) order. Their schema
 * (and zod) is fetched only when some are stored: most people sign in without single sign-on.
 */
export async function storedApps(): Promise<SsoApp[]> {
  const stored = readJson(StorageKeys.apps);
  if (stored === null) return [];
  const { SsoAppListSchema } = await import('@vnoc/contracts/sso');
  const parsed = SsoAppListSchema.safeParse(stored);
  return parsed.success ? parsed.data.filter((app) => !app.isThisApp && openable(app.url)) : [];
}

/**
 * The other apps of the person's single sign-on (spec part 4: saved under `vnoc-apps` when they signed in
 * through their identity provider, in sortOrder), each opening in a new tab. Absent when there are none.
 */
export function AppSwitcher() {
  const { t } = useTranslation();
  // Written by the single sign-on callback before the console opens, and removed on logout with the layout.
  const [apps, setApps] = useState<SsoApp[]>([]);
  useEffect(() => {
    let current = true;
    storedApps().then(
      (found) => current && setApps(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (apps.length === 0) return null;
  return (
    <HeaderIconMenu
      icon={<IconApps size={20} aria-hidden="true" />}
      label={t('header.apps')}
      title={t('header.appsLabel')}
      testId="app-switcher"
      items={(Item) =>
        apps.map((app) => (
          <Item
            key={`${app.sortOrder}-${app.url}`}
            component="a"
            href={app.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('header.appOpens', { name: app.name })}
            rightSection={<IconExternalLink size={14} aria-hidden="true" />}
          >
            {app.name}
          </Item>
        ))
      }
    />
  );
}
