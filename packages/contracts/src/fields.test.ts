import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countsSchema, dateRangeInOrder, dateRangeQuery, requiredText, wholeNumber } from './fields.ts';

const firstError = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('requiredText', () => {
  const subject = requiredText(10, 'Enter a subject.', 'The subject');
  it.each([
    ['trimmed', '  Lobby  ', { data: 'Lobby' }],
    ['exactly the most', 'x'.repeat(10), { data: 'x'.repeat(10) }],
    ['blank', '   ', { error: 'Enter a subject.' }],
    ['missing', undefined, { error: 'Enter a subject.' }],
    ['not text', 42, { error: 'Enter a subject.' }],
    ['too long', 'x'.repeat(11), { error: 'The subject is at most 10 characters.' }],
  ])('%s', (_name, value, expected) => {
    if ('data' in expected) expect(subject.parse(value)).toBe(expected.data);
    else expect(firstError(subject, value)).toBe(expected.error);
  });
});

describe('countsSchema', () => {
  const counts = countsSchema(['critical', 'total']);
  it('wants a whole number for each key, in the keys’ order', () => {
    expect(Object.keys(counts.shape)).toEqual(['critical', 'total']);
    expect(counts.parse({ critical: 2, total: 3 })).toEqual({ critical: 2, total: 3 });
    expect(counts.safeParse({ critical: 2.5, total: 3 }).success).toBe(false);
    expect(counts.safeParse({ critical: 2 }).success).toBe(false);
  });
});

describe('wholeNumber', () => {
  const limit = wholeNumber('limit must be between 1 and 50.', 1, 50);
  it.each([
    ['from the query string', '7', 7],
    ['the least', '1', 1],
    ['the most', '50', 50],
  ])('%s', (_name, value, expected) => {
    expect(limit.parse(value)).toBe(expected);
  });
  it.each([['0'], ['51'], ['2.5'], ['ten']])('refuses %s with its message', (value) => {
    expect(firstError(limit, value)).toBe('limit must be between 1 and 50.');
  });
});

describe('dateRangeQuery and dateRangeInOrder', () => {
  const query = dateRangeInOrder(z.object({ ...dateRangeQuery }));
  it('takes no range, one end, or both in order', () => {
    expect(query.parse({})).toEqual({});
    expect(query.parse({ from: ' 2026-03-01 ' })).toEqual({ from: '2026-03-01' });
    expect(query.parse({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
  });
  it('refuses a date it cannot read, and a start after the end (on from)', () => {
    expect(firstError(query, { from: 'soon' })).toBe('Enter a valid start date.');
    expect(firstError(query, { to: 'later' })).toBe('Enter a valid end date.');
    const reversed = query.safeParse({ from: '2026-03-02', to: '2026-03-01' });
    expect(reversed.error?.issues[0]).toMatchObject({
      message: 'The start of the date range must be before its end.',
      path: ['from'],
    });
  });
});
