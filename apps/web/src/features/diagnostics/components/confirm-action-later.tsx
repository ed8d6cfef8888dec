import { Suspense, useEffect, useState } from 'react';
import { preloadable } from '../../../lib/preloadable.tsx';
import type { ConfirmActionModalProps } from './confirm-action-modal.tsx';

// The confirmation (Mantine's Modal: FocusTrap, ScrollArea) is no part of the first load of a screen that offers
// actions: it loads once the screen has drawn, and opens at once when first asked for.
const modal = preloadable(() => import('./confirm-action-modal.tsx').then((m) => m.ConfirmActionModal));

/** Starts loading the confirmation (a screen that loads it on a gesture rather than once drawn). */
export const preloadConfirmation = () => void modal.preload().catch(() => undefined);

/**
 * `ConfirmActionModal`, its module loaded after the screen's first draw (or, with `preloadWhenDrawn` false, by
 * `preloadConfirmation` or its first opening); mounted from its first opening on.
 */
export function ConfirmActionModalLater({
  preloadWhenDrawn = true,
  ...props
}: ConfirmActionModalProps & { preloadWhenDrawn?: boolean }) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  useEffect(() => {
    if (preloadWhenDrawn) preloadConfirmation();
  }, [preloadWhenDrawn]);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <modal.Component {...props} />
    </Suspense>
  );
}
