import { lazy, type ReactNode, Suspense, useState } from 'react';

// Mantine's Tooltip (with Popover's positioning, floating-ui: ~50 KB gzipped with what shares its chunks) is
// fetched the first time a tooltip opens, not with the screen that draws what it explains.
const Tooltip = lazy(() => import('./lazy-tooltip.ts'));

type Target = { currentTarget: Element };

/**
 * A tooltip that explains an element while it is hovered or focused, mounted only then: spread `handlers` on the
 * element and render `tooltip` beside it. The element names itself for assistive technology (aria-label or its
 * text); the tooltip is for the eye.
 */
export function useHoverTooltip(label: ReactNode) {
  const [target, setTarget] = useState<Element | null>(null);
  const show = (event: Target) => setTarget(event.currentTarget);
  const hide = () => setTarget(null);
  return {
    handlers: { onMouseEnter: show, onMouseLeave: hide, onFocus: show, onBlur: hide },
    tooltip: target ? (
      <Suspense fallback={null}>
        {/* An icon's SVG element is positioned like any other (floating-ui takes any Element). */}
        <Tooltip label={label} target={target as HTMLElement} opened />
      </Suspense>
    ) : null,
  };
}
