// @vitest-environment jsdom

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { WidgetFrame } from './widget-frame.tsx';

beforeAll(() => installDomStubs());
afterEach(cleanup);

describe('WidgetFrame', () => {
  it('names its configure and remove buttons after the widget, each calling its own handler', () => {
    const onConfigure = vi.fn();
    const onRemove = vi.fn();
    render(
      <Providers>
        <WidgetFrame
          title="Uptime"
          draggable={false}
          onMove={vi.fn()}
          onResize={vi.fn()}
          onConfigure={onConfigure}
          onRemove={onRemove}
        >
          <p>body</p>
        </WidgetFrame>
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Configure Uptime' }));
    expect(onConfigure).toHaveBeenCalledTimes(1);
    expect(onRemove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Uptime' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(onConfigure).toHaveBeenCalledTimes(1);
  });
});
