import { describe, expect, it } from 'vitest';
import { alertListPath } from './alert-list-link.ts';
import { paths } from './paths.ts';

describe('alertListPath', () => {
  it('filters the Alerts screen by the device or the site, active by default', () => {
    expect(alertListPath('device', 'd-1')).toBe(`${paths.alerts}?device=d-1`);
    expect(alertListPath('site', 's 2')).toBe(`${paths.alerts}?site=s+2`);
  });

  it('adds the cleared tab for the history', () => {
    expect(alertListPath('site', 's1', 'cleared')).toBe(`${paths.alerts}?site=s1&status=cleared`);
  });
});
