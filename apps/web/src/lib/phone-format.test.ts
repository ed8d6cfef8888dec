import { describe, expect, it } from 'vitest';
import { maskPhone } from './mask-phone.ts';
import { formatPhone } from './phone-format.ts';
import { telHref } from './use-format-phone.ts';

describe('formatPhone: stored numbers as people read them', () => {
  it.each([
    ['+17595556540', '+1 759 555 6540'],
    ['+34612345678', '+34 612 34 56 78'],
    ['+442079460958', '+44 20 7946 0958'],
    ['+525512345678', '+52 55 1234 5678'],
    ['not a number', 'not a number'],
    ['', ''],
    [null, ''],
  ])('%j → %j', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it('dials the digits only, and masks all but the last four once formatted', () => {
    expect(telHref('+1 759 555 6540')).toBe('tel:+17595556540');
    expect(maskPhone(formatPhone('+17595556540'))).toBe('+• ••• ••• 6540');
  });
});
