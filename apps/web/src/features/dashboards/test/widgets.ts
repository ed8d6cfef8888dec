import type { Widget, WidgetType } from '@vnoc/contracts';

/** A widget `i` at column x, row y, `width` columns by h rows (a DeviceTable unless told), for layout tests. */
export const widgetAt = (
  i: string,
  x: number,
  y: number,
  width: number,
  h: number,
  type: WidgetType = 'DeviceTable',
): Widget => ({
  i,
  type,
  name: '',
  details: {},
  layout: { i, x, y, w: width, h },
});
