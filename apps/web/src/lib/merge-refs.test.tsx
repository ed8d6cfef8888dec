// @vitest-environment jsdom

import { cleanup, render } from '@testing-library/react';
import { createRef, type Ref } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMergeRefs } from './merge-refs.ts';

afterEach(cleanup);

function Box({ refs }: { refs: (Ref<HTMLDivElement> | undefined)[] }) {
  const ref = useMergeRefs(refs);
  return <div ref={ref} data-merged={ref === null ? 'none' : 'one'} />;
}

describe('useMergeRefs', () => {
  it('gives the element to every ref, object or callback, and takes it back when it goes', () => {
    const object = createRef<HTMLDivElement>();
    const callback = vi.fn();
    const { container, unmount } = render(<Box refs={[object, callback, undefined]} />);
    const element = container.querySelector('div');
    expect(element).not.toBeNull();
    expect(object.current).toBe(element);
    expect(callback).toHaveBeenLastCalledWith(element);
    unmount();
    expect(object.current).toBeNull();
    expect(callback).toHaveBeenLastCalledWith(null);
  });

  it('is no ref at all when every ref is missing, as floating-ui’s', () => {
    const { container } = render(<Box refs={[undefined, null]} />);
    expect(container.querySelector('div')?.dataset.merged).toBe('none');
  });
});
