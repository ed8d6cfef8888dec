import { describe, expect, it } from 'vitest';
import { onlyRow } from '../src/sql/rows.ts';

describe('onlyRow', () => {
  it('answers the first row', () => {
    expect(onlyRow([{ n: 1 }, { n: 2 }], 'no counts')).toEqual({ n: 1 });
  });

  it('throws what went missing when there is none', () => {
    expect(() => onlyRow([], 'the ticket was not stored')).toThrow('the ticket was not stored');
  });
});
