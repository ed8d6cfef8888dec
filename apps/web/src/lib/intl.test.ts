import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, prepareNumbers, relativeTimeFormat } from './intl.ts';

describe('kept Intl formatters', () => {
  it('gives the same formatter for the same language and options, built once', () => {
    expect(numberFormat('en', { maximumFractionDigits: 1 })).toBe(
      numberFormat('en', { maximumFractionDigits: 1 }),
    );
    expect(dateTimeFormat('es', { hour: '2-digit' })).toBe(dateTimeFormat('es', { hour: '2-digit' }));
    expect(relativeTimeFormat('en', { numeric: 'auto' })).toBe(relativeTimeFormat('en', { numeric: 'auto' }));
  });

  it('keeps languages and options apart', () => {
    expect(numberFormat('en', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1,234.6');
    expect(numberFormat('es', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1234,6');
    expect(numberFormat('en', { maximumFractionDigits: 0 }).format(1234.56)).toBe('1,235');
    expect(numberFormat('en')).not.toBe(numberFormat('es'));
    expect(relativeTimeFormat('es', { numeric: 'auto' }).format(-1, 'day')).toBe('ayer');
  });

  it("prepares a language's number formatter ahead of need, the one a screen then uses", () => {
    const Real = Intl.NumberFormat;
    let built = 0;
    Intl.NumberFormat = new Proxy(Real, {
      construct: (target, args) => {
        built += 1;
        return Reflect.construct(target, args);
      },
    });
    try {
      prepareNumbers('pt');
      expect(built).toBe(1);
      expect(numberFormat('pt').format(12.5)).toBe('12,5');
      expect(built).toBe(1);
    } finally {
      Intl.NumberFormat = Real;
    }
  });
});
