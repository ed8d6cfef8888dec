import type { User } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { displayName, personName } from './user-name.ts';

describe('personName: "First Last", those a person has, else the fallback', () => {
  it.each([
    [{ firstName: 'Ada', lastName: 'Admin' }, 'ada@acme.example', 'Ada Admin'],
    [{ firstName: 'Ada', lastName: '' }, 'ada@acme.example', 'Ada'],
    [{ firstName: null, lastName: 'Admin' }, 'ada@acme.example', 'Admin'],
    [{ firstName: '', lastName: null }, 'ada@acme.example', 'ada@acme.example'],
    [{}, '—', '—'],
    [{ firstName: null, lastName: null }, undefined, ''],
  ])('%j → %s', (person, fallback, name) => {
    expect(personName(person, fallback)).toBe(name);
  });
});

describe('displayName: the signed-in user by their contact, else their username', () => {
  const user = (firstName: string, lastName: string) =>
    ({ username: 'ada@acme.example', contact: { firstName, lastName } }) as unknown as User;
  it('uses the contact names', () => expect(displayName(user('Ada', 'Admin'))).toBe('Ada Admin'));
  it('falls back to the username', () => expect(displayName(user('', ''))).toBe('ada@acme.example'));
  it('and without a user to the fallback', () => expect(displayName(null, 'Guest')).toBe('Guest'));
});
