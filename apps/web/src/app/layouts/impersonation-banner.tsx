import { Suspense } from 'react';
import { useAuth } from '../../lib/auth-store.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import type { BannerClock } from './support-session-banner.tsx';

// The banner's module (its countdown, the impersonation's record, the button that ends it): only a support person
// acting as a user sees it, so the frame's first load does not carry it; it loads when the claims say so.
const banner = preloadable(() => import('./support-session-banner.tsx').then((m) => m.SupportSessionBanner));

/**
 * Shown for as long as a support person acts as this user (claims.impersonatedBy; spec part 2's notice
 * 'Impersonate:active'), held at the top while the page scrolls (issue 37): whom support acts as, how their acts
 * are recorded, the time left until the session's real end (the server's), and a button that ends it there.
 */
export function ImpersonationBanner({ clock }: { clock?: BannerClock }) {
  const { claims } = useAuth();
  if (!claims?.impersonatedBy) return null;
  return (
    <Suspense fallback={null}>
      <banner.Component
        clock={clock}
        fallback={{
          user: claims.sub,
          support: claims.impersonatedBy,
          endsAt: (claims.impersonationEnds ?? 0) * 1000,
        }}
      />
    </Suspense>
  );
}
