import { describe, expect, it } from 'vitest';
import { formatDuration, formatElapsed, formatMs, formatPercent, jobDurationMs } from './format.ts';

describe('formatDuration', () => {
  it.each([
    [null, '—'],
    [undefined, '—'],
    [Number.NaN, '—'],
    [-5, '0.0 s'],
    [0, '0.0 s'],
    [420, '0.4 s'],
    [4_200, '4.2 s'],
    [9_949, '9.9 s'],
    [10_000, '10 s'],
    [59_400, '59 s'],
    [60_000, '1 min 0 s'],
    [125_000, '2 min 5 s'],
    [3_599_000, '59 min 59 s'],
    [3_600_000, '1 h 0 min'],
    [3_720_000, '1 h 2 min'],
  ])('%s ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('formatElapsed', () => {
  it.each([
    [-1000, '0:00'],
    [0, '0:00'],
    [7_900, '0:07'],
    [65_000, '1:05'],
    [3_723_000, '1:02:03'],
  ])('%s ms → %s', (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });
});

describe('jobDurationMs', () => {
  const createdAt = '2026-03-01T14:00:00.000Z';
  const t0 = Date.parse(createdAt);
  it.each([
    [
      'finished: start to finish',
      { createdAt, startedAt: '2026-03-01T14:00:01.000Z', finishedAt: '2026-03-01T14:00:05.200Z' },
      undefined,
      4200,
    ],
    [
      'never started (cancelled): creation to finish',
      { createdAt, startedAt: null, finishedAt: '2026-03-01T14:00:03.000Z' },
      undefined,
      3000,
    ],
    [
      'running: start to now',
      { createdAt, startedAt: '2026-03-01T14:00:01.000Z', finishedAt: null },
      t0 + 6000,
      5000,
    ],
    ['queued: creation to now', { createdAt, startedAt: null, finishedAt: null }, t0 + 2500, 2500],
    ['unfinished without a now', { createdAt, startedAt: null, finishedAt: null }, undefined, null],
    ['clock skew never gives a negative time', { createdAt, startedAt: null, finishedAt: null }, t0 - 900, 0],
    ['unreadable times', { createdAt: 'soon', startedAt: null, finishedAt: null }, t0, null],
  ])('%s', (_name, job, now, expected) => {
    expect(jobDurationMs(job, now)).toBe(expected);
  });
});

describe('formatMs / formatPercent', () => {
  it.each([
    [1, '1.0'],
    [1.25, '1.3'],
    [12.04, '12.0'],
  ])('formatMs(%s) → %s', (value, text) => expect(formatMs(value)).toBe(text));
  it.each([
    [0, '0'],
    [12.345, '12.3'],
    [100, '100'],
  ])('formatPercent(%s) → %s', (value, text) => expect(formatPercent(value)).toBe(text));
});
