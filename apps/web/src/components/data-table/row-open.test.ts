import type { KeyboardEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { rowOpenProps } from './row-open.ts';

function key(name: string, onSelf: boolean) {
  const self = {};
  const preventDefault = vi.fn();
  const event = { key: name, currentTarget: self, target: onSelf ? self : {}, preventDefault };
  return event as unknown as KeyboardEvent<HTMLElement>;
}

describe('rowOpenProps', () => {
  it('opens on Enter on the row itself, not on a control inside it nor on another key', () => {
    const open = vi.fn();
    const props = rowOpenProps(open, 'Open site Main St');
    props.onKeyDown?.(key('Enter', false));
    props.onKeyDown?.(key(' ', true));
    expect(open).not.toHaveBeenCalled();
    props.onKeyDown?.(key('Enter', true));
    expect(open).toHaveBeenCalledTimes(1);
    expect(props).toMatchObject({ tabIndex: 0, 'aria-label': 'Open site Main St', onClick: open });
  });

  it('makes nothing focusable or clickable when rows do not open', () => {
    expect(rowOpenProps(undefined, undefined)).toEqual({ 'aria-label': undefined });
  });
});
