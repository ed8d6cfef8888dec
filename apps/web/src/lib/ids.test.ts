import { describe, expect, it } from 'vitest';
import { isUuid, uuidOrNull } from './ids.ts';

describe('ids', () => {
  it.each([
    ['0d3c5f1e-6a43-4c1e-9b7a-5c1a7e0a0001', true],
    ['0D3C5F1E-6A43-4C1E-9B7A-5C1A7E0A0001', true],
    ['0d3c5f1e-6a43-4c1e-9b7a-5c1a7e0a000', false],
    ['0d3c5f1e6a434c1e9b7a5c1a7e0a0001', false],
    [' 0d3c5f1e-6a43-4c1e-9b7a-5c1a7e0a0001', false],
    ['', false],
  ])('isUuid(%j) is %s', (value, expected) => expect(isUuid(value)).toBe(expected));

  it('uuidOrNull keeps an id and drops anything else', () => {
    expect(uuidOrNull('0d3c5f1e-6a43-4c1e-9b7a-5c1a7e0a0001')).toBe('0d3c5f1e-6a43-4c1e-9b7a-5c1a7e0a0001');
    expect(uuidOrNull('site-1')).toBeNull();
    expect(uuidOrNull(null)).toBeNull();
  });
});
