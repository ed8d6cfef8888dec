import { describe, expect, it } from 'vitest';
import { formatTime } from './time-line-chart.tsx';

describe('formatTime', () => {
  const format = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  it.each([
    [Date.UTC(2026, 2, 2, 14, 5), '02:05 PM'],
    [String(Date.UTC(2026, 2, 2, 9, 30)), '09:30 AM'],
    [undefined, ''],
    [null, ''],
    ['', ''],
    ['soon', ''],
  ])('%o → %o', (value, text) => {
    expect(formatTime(format, value)).toBe(text);
  });
});
