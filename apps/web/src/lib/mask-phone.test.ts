import { describe, expect, it } from 'vitest';
import { maskPhone } from './mask-phone.ts';

describe('maskPhone — enrolled numbers are shown masked except the last 4 digits', () => {
  it.each([
    { phone: '+15551234567', expected: '+•••••••4567' },
    { phone: '+447700900123', expected: '+••••••••0123' },
    { phone: '+1 (555) 123-4567', expected: '+• (•••) •••-4567' },
    { phone: '+1234', expected: '+1234' },
    { phone: '+12', expected: '+12' },
    { phone: '', expected: '' },
    { phone: null, expected: '' },
  ])('$phone → "$expected"', ({ phone, expected }) => {
    expect(maskPhone(phone)).toBe(expected);
  });

  it('never shows more than four digits', () => {
    expect(maskPhone('+34911234567').replace(/\D/g, '')).toBe('4567');
  });
});
