import type { Claims } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { guardPublicPaths } from '../lib/paths.ts';
import { decideNavigation, type GuardDecision } from './guard.ts';

const NOW = 1_800_000_000_000;

function claims(overrides: Partial<Claims> = {}): Claims {
  return {
    sub: 'user@acme.example',
    exp: NOW / 1000 + 1800,
    isMfaEnrolled: true,
    isMfaAppEnrolled: true,
    isMfaMobileEnrolled: false,
    isMfaVoiceEnrolled: false,
    userSmsNumber: null,
    userVoiceNumber: null,
    isCredExpired: false,
    isMfaValidated: true,
    isEmailValidated: true,
    role: 'USER',
    entitlements: [],
    ...overrides,
  };
}

const signedIn = (over: Partial<Claims> = {}, captivity: string | null = null) => ({
  jwt: 'header.payload.signature',
  claims: claims(over),
  captivity,
});
const signedOut = { jwt: null, claims: null, captivity: null };
const expired = signedIn({ exp: NOW / 1000 - 1 });

interface Row {
  name: string;
  path: string;
  previousPath?: string | null;
  auth: { jwt: string | null; claims: Claims | null; captivity: string | null };
  expected: GuardDecision;
}

const login: GuardDecision = { kind: 'redirect', to: '/login' };
/** /login, returning to the page asked for once signed in (issue 37). */
const loginBackTo = (asked: string): GuardDecision => ({
  kind: 'redirect',
  to: `/login?originalUri=${encodeURIComponent(asked)}`,
});
const allow: GuardDecision = { kind: 'allow' };

const rows: Row[] = [
  // "No token, or an expired token, on any non-public path leads to /login."
  { name: 'no token on /dashboard', path: '/dashboard', auth: signedOut, expected: login },
  { name: 'no token on /alerts', path: '/alerts', auth: signedOut, expected: loginBackTo('/alerts') },
  {
    name: 'no token on an unknown path',
    path: '/nowhere',
    auth: signedOut,
    expected: loginBackTo('/nowhere'),
  },
  {
    name: 'no token on /authentication (not in the public list)',
    path: '/authentication',
    auth: signedOut,
    expected: login,
  },
  {
    name: 'no token on /multi-factor-auth (not in the public list)',
    path: '/multi-factor-auth',
    auth: signedOut,
    expected: login,
  },
  {
    name: 'no token on /email-validation (not in the public list)',
    path: '/email-validation',
    auth: signedOut,
    expected: login,
  },
  {
    name: 'no token on /update-password (not in the public list)',
    path: '/update-password',
    auth: signedOut,
    expected: login,
  },
  { name: 'expired token on /alerts', path: '/alerts', auth: expired, expected: loginBackTo('/alerts') },
  {
    name: 'token expiring exactly now',
    path: '/alerts',
    auth: signedIn({ exp: NOW / 1000 }),
    expected: loginBackTo('/alerts'),
  },
  {
    name: 'token with one second left',
    path: '/alerts',
    auth: signedIn({ exp: NOW / 1000 + 1 }),
    expected: allow,
  },
  {
    name: 'undecodable token',
    path: '/alerts',
    auth: { jwt: 'garbage', claims: null, captivity: null },
    expected: loginBackTo('/alerts'),
  },
  // Public paths: login, register, organization-lookup, forgot-password(-confirm), impersonate, maintenance, callbacks.
  { name: 'expired token on /register', path: '/register', auth: expired, expected: allow },
  { name: 'no token on /login with a trailing slash', path: '/login/', auth: signedOut, expected: allow },
  // "If a captivity path is stored, the user is forced to it unless already on it or on a public path."
  {
    name: 'captivity forces /authentication',
    path: '/dashboard',
    auth: signedIn({}, '/authentication'),
    expected: { kind: 'redirect', to: '/authentication' },
  },
  {
    name: 'captivity: already on it',
    path: '/authentication',
    auth: signedIn({}, '/authentication'),
    expected: allow,
  },
  {
    name: 'captivity: public path /login',
    path: '/login',
    auth: signedIn({}, '/email-validation'),
    expected: allow,
  },
  {
    name: 'captivity: public path /forgot-password',
    path: '/forgot-password',
    auth: signedIn({}, '/email-validation'),
    expected: allow,
  },
  {
    name: 'captivity wins over the role check',
    path: '/admin/users',
    previousPath: '/dashboard',
    auth: signedIn({}, '/multi-factor-auth'),
    expected: { kind: 'redirect', to: '/multi-factor-auth' },
  },
  {
    name: 'no token but captivity: /login first',
    path: '/dashboard',
    auth: { ...signedOut, captivity: '/authentication' },
    expected: login,
  },
  // "Users whose role is not ADMINISTRATOR who request /sites/search or anything under /admin are sent back."
  {
    name: 'USER on /admin/users stays',
    path: '/admin/users',
    previousPath: '/dashboard',
    auth: signedIn(),
    expected: { kind: 'stay' },
  },
  {
    name: 'USER on /admin stays',
    path: '/admin',
    previousPath: '/alerts',
    auth: signedIn(),
    expected: { kind: 'stay' },
  },
  {
    name: 'USER on /sites/search stays',
    path: '/sites/search',
    previousPath: '/sites',
    auth: signedIn(),
    expected: { kind: 'stay' },
  },
  {
    name: 'READ_ONLY on /admin/organization stays',
    path: '/admin/organization',
    previousPath: '/reports',
    auth: signedIn({ role: 'READ_ONLY' }),
    expected: { kind: 'stay' },
  },
  {
    name: 'SUPPORT on /admin/users stays',
    path: '/admin/users',
    previousPath: '/dashboard',
    auth: signedIn({ role: 'SUPPORT' }),
    expected: { kind: 'stay' },
  },
  // Issue 37: support staff as themselves have no customer data; they land in the support area.
  {
    name: 'SUPPORT on /dashboard (where sign-in leads) → /support',
    path: '/dashboard',
    previousPath: null,
    auth: signedIn({ role: 'SUPPORT' }),
    expected: { kind: 'redirect', to: '/support' },
  },
  {
    name: 'SUPPORT on /tickets → /support',
    path: '/tickets',
    previousPath: '/support',
    auth: signedIn({ role: 'SUPPORT' }),
    expected: { kind: 'redirect', to: '/support' },
  },
  { name: 'SUPPORT on /support', path: '/support', auth: signedIn({ role: 'SUPPORT' }), expected: allow },
  {
    name: 'SUPPORT on /provisioning',
    path: '/provisioning',
    auth: signedIn({ role: 'SUPPORT' }),
    expected: allow,
  },
  {
    name: 'SUPPORT on /settings/profile',
    path: '/settings/profile',
    auth: signedIn({ role: 'SUPPORT' }),
    expected: allow,
  },
  {
    name: 'SUPPORT acting as a customer on /dashboard',
    path: '/dashboard',
    auth: signedIn({ role: 'SUPPORT', impersonatedBy: 'support@vnoc.example' }),
    expected: allow,
  },
  {
    name: 'USER on /admin/users first load → /dashboard',
    path: '/admin/users',
    previousPath: null,
    auth: signedIn(),
    expected: { kind: 'redirect', to: '/dashboard' },
  },
  {
    name: 'ADMINISTRATOR on /admin/users',
    path: '/admin/users',
    previousPath: '/dashboard',
    auth: signedIn({ role: 'ADMINISTRATOR' }),
    expected: allow,
  },
  {
    name: 'ADMINISTRATOR on /sites/search',
    path: '/sites/search',
    auth: signedIn({ role: 'ADMINISTRATOR' }),
    expected: allow,
  },
  { name: 'USER on /sites (not search)', path: '/sites', auth: signedIn(), expected: allow },
  { name: 'USER on /sites/42', path: '/sites/42', auth: signedIn(), expected: allow },
  {
    name: 'USER on /administrator (not under /admin)',
    path: '/administrator',
    auth: signedIn(),
    expected: allow,
  },
  { name: 'signed-in USER on /dashboard', path: '/dashboard', auth: signedIn(), expected: allow },
  {
    name: 'signed-in USER on /settings/profile',
    path: '/settings/profile',
    auth: signedIn(),
    expected: allow,
  },
];

describe('decideNavigation (spec part 2, navigation guard)', () => {
  it.each(rows)('$name', ({ path, previousPath = '/dashboard', auth, expected }) => {
    expect(decideNavigation({ path, previousPath, auth, nowMs: NOW })).toEqual(expected);
  });

  it('a deep link keeps its query for after sign-in; the dashboard needs none', () => {
    const asked = '/alerts?alert=6f1c2f0e-6a43-4a4e-9d55-2f3b9a3c1d10&status=cleared';
    const decide = (path: string, at: string) =>
      decideNavigation({ path, asked: at, previousPath: null, auth: signedOut, nowMs: NOW });
    expect(decide('/alerts', asked)).toEqual(loginBackTo(asked));
    expect(decide('/dashboard', '/dashboard')).toEqual(login);
    expect(decide('/', '/')).toEqual(login);
  });

  it.each([...guardPublicPaths])('public path %s is allowed without a token', (path) => {
    expect(decideNavigation({ path, previousPath: null, auth: signedOut, nowMs: NOW })).toEqual(allow);
  });

  it('the public list is exactly the spec’s, with the invitation page and the wall display (its own key)', () => {
    expect([...guardPublicPaths].sort()).toEqual(
      [
        '/login',
        '/register',
        '/organization-lookup',
        '/forgot-password',
        '/forgot-password-confirm',
        '/impersonate',
        '/accept-invitation',
        '/maintenance',
        '/login/callback',
        '/login/callback/oauth',
        '/login/callback/login-via-okta',
        '/wall',
      ].sort(),
    );
  });
});
