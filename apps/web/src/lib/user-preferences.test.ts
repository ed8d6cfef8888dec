import { describe, expect, it } from 'vitest';
import { preferenceChoices } from './user-preferences.ts';

describe('preferenceChoices — spec part 3: preferences "converted to a map keyed by name, sorted by id ascending, first entry per name wins"', () => {
  it.each([
    { name: 'none saved', list: [], expected: { language: null, theme: null } },
    {
      name: 'both saved',
      list: [
        { id: 2, name: 'theme', value: 'dark' },
        { id: 1, name: 'language', value: 'es' },
      ],
      expected: { language: 'es', theme: 'dark' },
    },
    {
      name: 'the lowest id wins whatever the order',
      list: [
        { id: 9, name: 'language', value: 'en' },
        { id: 3, name: 'language', value: 'es' },
        { id: 5, name: 'theme', value: 'system' },
        { id: 4, name: 'theme', value: 'light' },
      ],
      expected: { language: 'es', theme: 'light' },
    },
    {
      name: 'unknown values are ignored',
      list: [
        { id: 1, name: 'language', value: 'fr' },
        { id: 2, name: 'theme', value: 'auto' },
      ],
      expected: { language: null, theme: null },
    },
  ])('$name', ({ list, expected }) => {
    expect(preferenceChoices({ userPreferences: list })).toEqual(expected);
  });

  it('copes with no user', () => {
    expect(preferenceChoices(null)).toEqual({ language: null, theme: null });
  });
});
