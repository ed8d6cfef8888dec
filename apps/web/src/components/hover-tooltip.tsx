import { cloneElement, lazy, type ReactElement, type ReactNode, Suspense, useState } from 'react';

// Mantine's Tooltip (with Popover's positioning, floating-ui: ~50 KB gzipped with what shares its chunks) is
// fetched the first time a tooltip opens, not with the screen that draws what it explains.
const Tooltip = lazy(() => import('./lazy-tooltip.ts'));

type Target = { currentTarget: Element };

/** How the tooltip is drawn, as Mantine's Tooltip takes it (a long text wraps at `w`, an arrow points at the element). */
export interface TooltipLook {
  multiline?: boolean;
  w?: number;
  withArrow?: boolean;
}

/**
 * A tooltip that explains an element while it is hovered or focused, mounted only then: spread `handlers` on the
 * element and render `tooltip` beside it. The element names itself for assistive technology (aria-label or its
 * text); the tooltip is for the eye.
 */
export function useHoverTooltip(label: ReactNode, look: TooltipLook = {}) {
  const [target, setTarget] = useState<Element | null>(null);
  const show = (event: Target) => setTarget(event.currentTarget);
  const hide = () => setTarget(null);
  return {
    handlers: { onMouseEnter: show, onMouseLeave: hide, onFocus: show, onBlur: hide },
    tooltip: target ? (
      <Suspense fallback={null}>
        {/* An icon's SVG element is positioned like any other (floating-ui takes any Element). */}
        <Tooltip {...look} label={label} target={target as HTMLElement} opened />
      </Suspense>
    ) : null,
  };
}

type Handlers = ReturnType<typeof useHoverTooltip>['handlers'];

/**
 * `useHoverTooltip` around one element, where Mantine's `<Tooltip>` would wrap it (a badge in a table's cell): the
 * element gets the handlers, the tooltip loads and mounts when it is first hovered or focused.
 */
export function HoverTooltip({
  label,
  children,
  ...look
}: TooltipLook & { label: ReactNode; children: ReactElement<Partial<Handlers>> }) {
  const { handlers, tooltip } = useHoverTooltip(label, look);
  return (
    <>
      {cloneElement(children, handlers)}
      {tooltip}
    </>
  );
}
