// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { loginPathFor, rememberReturnPath, safeReturnPath, takeReturnPath } from './return-path.ts';

describe('safeReturnPath: only a page of this console', () => {
  it.each([
    '/alerts?alert=6f1c2f0e-6a43-4a4e-9d55-2f3b9a3c1d10',
    '/alerts?status=cleared&alert=1#notes',
    '/sites/9/device/12',
    '/tickets/abc',
    '/',
  ])('%s is kept as it is', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    ['another site, scheme-relative', '//evil.example'],
    ['another site, scheme-relative with a path', '//evil.example/alerts'],
    ['an absolute address', 'https://evil'],
    ['an absolute address to this path', 'https://evil.example/alerts'],
    ['a script', 'javascript:alert(1)'],
    ['a script behind a slash-less scheme', 'JavaScript:alert(document.cookie)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a tab browsers drop ("//evil")', '/\t/evil.example'],
    ['a new line browsers drop', '/\n/evil.example'],
    ['a space', '/ /evil.example'],
    ['a relative path', 'alerts'],
    ['empty', ''],
    ['a sign-in screen (a loop)', '/login?originalUri=/alerts'],
    ['a sign-in step', '/authentication'],
    ['the single sign-on callback', '/login/callback?code=x'],
    ['too long', `/alerts?q=${'a'.repeat(2100)}`],
  ])('%s (%j) is refused', (_, path) => {
    expect(safeReturnPath(path)).toBeNull();
  });

  it('refuses what is not text', () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(['/alerts'])).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('carries a deep link, encoded', () => {
    expect(loginPathFor('/alerts?alert=1&status=cleared')).toBe(
      '/login?originalUri=%2Falerts%3Falert%3D1%26status%3Dcleared',
    );
  });
  it('is plain /login for the start pages and anything unsafe', () => {
    for (const asked of ['/', '/dashboard', '//evil.example', null, undefined])
      expect(loginPathFor(asked)).toBe('/login');
  });
});

describe('remember and take', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('takes the remembered page once', () => {
    rememberReturnPath('/alerts?alert=1');
    expect(takeReturnPath()).toBe('/alerts?alert=1');
    expect(takeReturnPath()).toBeNull();
  });
  it('an unsafe value forgets what was kept, and stored tampering is refused', () => {
    rememberReturnPath('/alerts?alert=1');
    rememberReturnPath('https://evil');
    expect(takeReturnPath()).toBeNull();
    window.sessionStorage.setItem('vnoc-return-to', '//evil.example');
    expect(takeReturnPath()).toBeNull();
  });
});
