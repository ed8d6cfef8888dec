// @vitest-environment jsdom

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import type { DayRange } from '../utils/report-state.ts';
import { ReportRangePicker } from './report-range-picker.tsx';

beforeAll(installDomStubs);
afterEach(cleanup);

const now = new Date('2026-11-27T10:00:00Z');
const week = { from: '2026-11-20', to: '2026-11-26' };
const REVERSED = 'The start of the date range must be on or before its end.';

function setup(range: DayRange) {
  const onChange = vi.fn();
  const view = render(
    <Providers>
      <ReportRangePicker range={range} onChange={onChange} now={now} />
    </Providers>,
  );
  const rerender = (next: DayRange) =>
    view.rerender(
      <Providers>
        <ReportRangePicker range={next} onChange={onChange} now={now} />
      </Providers>,
    );
  return { onChange, rerender };
}

const inputValue = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;

describe('ReportRangePicker', () => {
  it('keeps a refused draft when its own earlier change comes back through the address', () => {
    const { onChange, rerender } = setup(week);
    fireEvent.change(screen.getByTestId('range-from'), { target: { value: week.to } });
    expect(onChange).toHaveBeenLastCalledWith({ from: week.to, to: week.to });
    // A second edit before the address caught up: reversed, so kept here and not handed on.
    fireEvent.change(screen.getByTestId('range-to'), { target: { value: week.from } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('range-problem').textContent).toBe(REVERSED);
    // The address now holds the first edit (a new range object, as every parse of the address gives).
    rerender({ from: week.to, to: week.to });
    expect(inputValue('range-to')).toBe(week.from);
    expect(screen.getByTestId('range-problem').textContent).toBe(REVERSED);
  });

  it('keeps a draft across re-renders that bring an equal range', () => {
    const { rerender } = setup(week);
    fireEvent.change(screen.getByTestId('range-to'), { target: { value: '2026-11-19' } });
    expect(screen.getByTestId('range-problem').textContent).toBe(REVERSED);
    rerender({ ...week });
    expect(inputValue('range-to')).toBe('2026-11-19');
    expect(screen.getByTestId('range-problem').textContent).toBe(REVERSED);
  });

  it('follows a range changed from outside (back, forward, a link)', () => {
    const { rerender } = setup(week);
    fireEvent.change(screen.getByTestId('range-to'), { target: { value: '2026-11-19' } });
    rerender({ from: '2026-10-28', to: '2026-11-26' });
    expect(inputValue('range-from')).toBe('2026-10-28');
    expect(inputValue('range-to')).toBe('2026-11-26');
    expect(screen.queryByTestId('range-problem')).toBeNull();
  });
});
