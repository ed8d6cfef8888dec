import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { currentHandle } from '../../lib/route-handle.ts';

/** The breadcrumb trail of the current route's handle; the last item is the page itself. `trailOnly`: hide a lone crumb. */
export function AppBreadcrumbs({ trailOnly = false }: { trailOnly?: boolean }) {
  const { t } = useTranslation();
  const handle = currentHandle(useMatches());
  const crumbs = handle?.breadcrumb ?? (handle ? [{ label: handle.title }] : []);
  // Under the page's own heading a single crumb would only repeat it.
  if (crumbs.length === 0 || (trailOnly && crumbs.length < 2)) return null;
  return (
    <nav aria-label={t('breadcrumb.label')}>
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap' } }}>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          if (last || !crumb.to) {
            return (
              <Text
                key={crumb.label}
                size="sm"
                fw={last ? 600 : 400}
                aria-current={last ? 'page' : undefined}
              >
                {t(crumb.label)}
              </Text>
            );
          }
          return (
            <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
              {t(crumb.label)}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}
