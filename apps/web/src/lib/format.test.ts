import { describe, expect, it } from 'vitest';
import { formatBitRate, formatBytes, formatDate, humanizeUptime } from './format.ts';

// Dates are built with the local-time constructor, so the expected text holds in any time zone.
describe('formatDate: MM/DD/YYYY hh:mm A', () => {
  it.each([
    [new Date(2025, 0, 5, 0, 0), '01/05/2025 12:00 AM'],
    [new Date(2025, 0, 5, 0, 59), '01/05/2025 12:59 AM'],
    [new Date(2025, 0, 5, 1, 7), '01/05/2025 01:07 AM'],
    [new Date(2025, 0, 5, 11, 59), '01/05/2025 11:59 AM'],
    [new Date(2025, 0, 5, 12, 0), '01/05/2025 12:00 PM'],
    [new Date(2025, 0, 5, 12, 30), '01/05/2025 12:30 PM'],
    [new Date(2025, 0, 5, 13, 0), '01/05/2025 01:00 PM'],
    [new Date(2025, 11, 31, 23, 59, 59), '12/31/2025 11:59 PM'],
    [new Date(2024, 1, 29, 9, 5), '02/29/2024 09:05 AM'],
  ])('%s → %s', (date, text) => {
    expect(formatDate(date)).toBe(text);
  });

  it('accepts epoch milliseconds and ISO text, shown in local time', () => {
    const local = new Date(2025, 5, 1, 15, 45);
    expect(formatDate(local.getTime())).toBe('06/01/2025 03:45 PM');
    expect(formatDate(local.toISOString())).toBe('06/01/2025 03:45 PM');
  });

  it.each([null, undefined, '', 'not a date', Number.NaN])('%s → empty', (value) => {
    expect(formatDate(value)).toBe('');
  });
});

// Spec part 9: "Byte units base 1024."
describe('formatBytes: base 1024, B to PB, one decimal without ".0"', () => {
  const KB = 1024;
  const MB = KB * 1024;
  const GB = MB * 1024;
  const TB = GB * 1024;
  const PB = TB * 1024;
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1025, '1 KB'],
    [1536, '1.5 KB'],
    [1000, '1000 B'],
    [10 * KB + 512, '10.5 KB'],
    [MB - 1, '1 MB'],
    [MB - 52, '1023.9 KB'],
    [MB, '1 MB'],
    [1.25 * MB, '1.3 MB'],
    [GB - 1, '1 GB'],
    [GB, '1 GB'],
    [TB, '1 TB'],
    [PB, '1 PB'],
    [2.5 * PB, '2.5 PB'],
    [2048 * PB, '2048 PB'],
    [-1536, '-1.5 KB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('%s → empty', (value) => {
    expect(formatBytes(value)).toBe('');
  });
});

// Spec part 9: "bitrate from kbps to Tbps." Decimal steps: 1 Mbps = 1000 kbps.
describe('formatBitRate: from kbps, base 1000, kbps to Tbps', () => {
  it.each([
    [0, '0 kbps'],
    [0.5, '0.5 kbps'],
    [1, '1 kbps'],
    [999, '999 kbps'],
    [999.94, '999.9 kbps'],
    [999.96, '1 Mbps'],
    [1000, '1 Mbps'],
    [1024, '1 Mbps'],
    [1500, '1.5 Mbps'],
    [25_000, '25 Mbps'],
    [999_999, '1 Gbps'],
    [1_000_000, '1 Gbps'],
    [2_350_000, '2.4 Gbps'],
    [1_000_000_000, '1 Tbps'],
    [1_500_000_000, '1.5 Tbps'],
    [5_000_000_000_000, '5000 Tbps'],
    [-1500, '-1.5 Mbps'],
  ])('%d kbps → %s', (kbps, text) => {
    expect(formatBitRate(kbps)).toBe(text);
  });

  it.each([null, undefined, Number.NaN])('%s → empty', (value) => {
    expect(formatBitRate(value)).toBe('');
  });
});

describe('humanizeUptime', () => {
  it.each([
    [-1, '—'],
    [Number.POSITIVE_INFINITY, '—'],
    [0, '0 s'],
    [45, '45 s'],
    [60, '1 min 0 s'],
    [423, '7 min 3 s'],
    [3600, '1 h 0 min'],
    [18_720, '5 h 12 min'],
    [86_400, '1 d 0 h'],
    [273_600, '3 d 4 h'],
    [273_600.9, '3 d 4 h'],
  ])('%s s → %s', (seconds, text) => {
    expect(humanizeUptime(seconds)).toBe(text);
  });
});
