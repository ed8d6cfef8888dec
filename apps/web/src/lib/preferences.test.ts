import { preferencesToMap } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';

// Spec part 3: "converted to a map keyed by name, sorted by id ascending, first entry per name wins".
describe('preferencesToMap', () => {
  it('keys by name', () => {
    expect(
      preferencesToMap([
        { id: 1, name: 'language', value: 'es' },
        { id: 2, name: 'theme', value: 'dark' },
      ]),
    ).toEqual({
      language: { id: 1, name: 'language', value: 'es' },
      theme: { id: 2, name: 'theme', value: 'dark' },
    });
  });

  it('the lowest id wins whatever the list order', () => {
    const map = preferencesToMap([
      { id: 9, name: 'language', value: 'en' },
      { id: 3, name: 'language', value: 'es' },
      { id: 5, name: 'language', value: 'fr' },
    ]);
    expect(map.language).toEqual({ id: 3, name: 'language', value: 'es' });
  });

  it('an empty list gives an empty map and the input is not reordered', () => {
    const list = [
      { id: 2, name: 'theme', value: 'dark' },
      { id: 1, name: 'theme', value: 'light' },
    ];
    expect(preferencesToMap([])).toEqual({});
    expect(preferencesToMap(list).theme?.value).toBe('light');
    expect(list[0]?.id).toBe(2);
  });
});
