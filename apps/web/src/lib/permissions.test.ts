import { describe, expect, it } from 'vitest';
import { canChange, canRunDiagnostics, hasEntitlement } from './permissions.ts';

describe('canChange', () => {
  it.each([
    ['ADMINISTRATOR', true],
    ['USER', true],
    ['READ_ONLY', false],
    ['SUPPORT', false],
    [null, false],
  ])('%s → %s', (role, allowed) => {
    expect(canChange(role)).toBe(allowed);
  });
});

describe('hasEntitlement', () => {
  it.each([
    [null, false],
    [{ entitlements: [] }, false],
    [{ entitlements: ['diagnostics'] }, true],
    [{ entitlements: ['port-control'] }, false],
  ] as const)('%j has diagnostics → %s', (claims, expected) => {
    expect(hasEntitlement(claims as never, 'diagnostics')).toBe(expected);
  });
});

describe('canRunDiagnostics: a role that may act, and the diagnostics entitlement', () => {
  it.each([
    ['ADMINISTRATOR', ['diagnostics'], true],
    ['USER', ['diagnostics', 'port-control'], true],
    ['USER', ['port-control'], false],
    ['USER', [], false],
    ['READ_ONLY', ['diagnostics'], false],
    ['SUPPORT', ['diagnostics'], false],
  ] as const)('%s with %j → %s', (role, entitlements, allowed) => {
    expect(canRunDiagnostics({ role, entitlements: [...entitlements] })).toBe(allowed);
  });

  it('nobody signed in → false', () => expect(canRunDiagnostics(null)).toBe(false));
});
