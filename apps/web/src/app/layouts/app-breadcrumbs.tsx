import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches } from 'react-router';
import { useCurrentCrumbDetail } from '../../lib/breadcrumb-detail.ts';
import { currentHandle } from '../../lib/route-handle.ts';

/** The breadcrumb trail of the current route's handle; the last item is the page itself. `trailOnly`: hide a lone crumb. */
export function AppBreadcrumbs({ trailOnly = false }: { trailOnly?: boolean }) {
  const { t } = useTranslation();
  const handle = currentHandle(useMatches());
  const detail = useCurrentCrumbDetail(useLocation().pathname);
  const trail = handle?.breadcrumb ?? (handle ? [{ label: handle.title }] : []);
  // The spec's trail, with the page's parents and its own name once the page knows them.
  const crumbs = detail
    ? [
        ...trail.slice(0, -1).map((c) => ({ ...c, text: t(c.label) })),
        ...detail.parents.map((p) => ({ label: p.label, to: p.to, text: p.label })),
        ...trail.slice(-1).map((c) => ({
          label: c.label,
          text: t('breadcrumb.named', { page: t(c.label), name: detail.name }),
        })),
      ]
    : trail.map((c) => ({ ...c, text: t(c.label) }));
  // Under the page's own heading a single crumb would only repeat it.
  if (crumbs.length === 0 || (trailOnly && crumbs.length < 2)) return null;
  return (
    <nav aria-label={t('breadcrumb.label')}>
      {/* A long crumb wraps (a site's name in Spanish widened a 390 px phone's page to 392 px). */}
      <Breadcrumbs
        separatorMargin={6}
        styles={{
          root: { flexWrap: 'wrap' },
          breadcrumb: { whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: 0, lineHeight: 1.35 },
        }}
      >
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          if (last || !('to' in crumb) || !crumb.to) {
            return (
              <Text
                key={crumb.label}
                size="sm"
                fw={last ? 600 : 400}
                aria-current={last ? 'page' : undefined}
              >
                {crumb.text}
              </Text>
            );
          }
          return (
            <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
              {crumb.text}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}
