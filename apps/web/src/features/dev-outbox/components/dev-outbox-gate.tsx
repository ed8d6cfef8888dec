import { lazy, Suspense } from 'react';
import { useHealth } from '../api/get-health.ts';

const DevOutbox = lazy(() => import('./dev-outbox.tsx').then((m) => ({ default: m.DevOutbox })));

/**
 * The dev outbox where the server keeps one (DELIVERY=outbox, the embedded demo): its drawer and everything it
 * draws with load only then, after the page, so a deployment that sends real mail never downloads them.
 */
export function DevOutboxGate() {
  const { data: health } = useHealth();
  if (health?.delivery !== 'outbox') return null;
  return (
    <Suspense fallback={null}>
      <DevOutbox />
    </Suspense>
  );
}
