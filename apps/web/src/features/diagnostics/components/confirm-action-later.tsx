import { Suspense, useEffect, useState } from 'react';
import { preloadable } from '../../../lib/preloadable.tsx';
import type { ConfirmActionModalProps } from './confirm-action-modal.tsx';

// The confirmation (Mantine's Modal: FocusTrap, ScrollArea) is no part of the first load of a screen that offers
// actions: it loads once the screen has drawn, and opens at once when first asked for.
const modal = preloadable(() => import('./confirm-action-modal.tsx').then((m) => m.ConfirmActionModal));

/** `ConfirmActionModal`, its module loaded after the screen's first draw; mounted from its first opening on. */
export function ConfirmActionModalLater(props: ConfirmActionModalProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  useEffect(() => void modal.preload().catch(() => undefined), []);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <modal.Component {...props} />
    </Suspense>
  );
}
