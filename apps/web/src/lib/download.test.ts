import { describe, expect, it } from 'vitest';
import { downloadFileName } from './download.ts';

describe('downloadFileName', () => {
  it.each([
    [
      'attachment; filename="online-analytics-2026-11-01-to-2026-11-07.csv"',
      'csv',
      'online-analytics-2026-11-01-to-2026-11-07.csv',
    ],
    ["attachment; filename*=UTF-8''report%20week.pdf", 'pdf', 'report week.pdf'],
    ['attachment; filename="report.pdf"', 'csv', 'fallback.csv'],
    ['attachment; filename="../../etc/passwd.csv"', 'csv', 'fallback.csv'],
    ["attachment; filename*=UTF-8''%E0%A4%A.csv", 'csv', 'fallback.csv'],
    [null, 'csv', 'fallback.csv'],
  ])('%s (%s) → %s', (disposition, extension, expected) => {
    expect(downloadFileName(disposition, extension, `fallback.${extension}`)).toBe(expected);
  });
});
