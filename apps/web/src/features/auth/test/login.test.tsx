// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { clearBanner, getBanner } from '../../../lib/banner.ts';
import { i18n } from '../../../lib/i18n.ts';
import { fakeJwt, installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { Component as Login } from '../routes/login.tsx';
import { noteExpiredSignOut } from '../utils/expired-sign-out.ts';

const stepClaims = {
  sub: 'admin@acme.example',
  exp: Math.floor(Date.now() / 1000) + 900,
  isMfaEnrolled: false,
  isMfaAppEnrolled: false,
  isMfaMobileEnrolled: false,
  isMfaVoiceEnrolled: false,
  userSmsNumber: null,
  userVoiceNumber: null,
  isCredExpired: false,
  isMfaValidated: false,
  isEmailValidated: true,
  role: 'ADMINISTRATOR',
  entitlements: [],
};

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', Component: Login },
      { path: '/multi-factor-auth', element: <p>enrolment screen</p> },
      { path: '/authentication', element: <p>code screen</p> },
      { path: '/email-validation', element: <p>email screen</p> },
      { path: '/organization-lookup', element: <p>lookup screen</p> },
      { path: '/forgot-password', element: <p>forgot screen</p> },
    ],
    '/login',
  );
}

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

/** A sign-in the server refuses (401, the catalogue text shown). */
async function signInRefused() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json(
        { id: 'invalid_credentials', message: 'Invalid login.  Please check your credentials.' },
        { status: 401 },
      ),
    ),
  );
  renderLogin();
  fill(/^Email address/, 'admin@acme.example');
  fill(/^Password/, 'wrong-password');
  submit();
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Invalid login.  Please check your credentials.',
  );
}

beforeAll(installDomStubs);
beforeEach(async () => {
  authStore.logout();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/login', () => {
  it('labels its fields for the browser: username and current password, the first one focused', () => {
    renderLogin();
    const username = screen.getByLabelText(/^Email address/);
    const password = screen.getByLabelText(/^Password/);
    expect(username.getAttribute('autocomplete')).toBe('username');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(document.activeElement).toBe(username);
  });

  it.each([
    {
      name: 'empty form',
      username: '',
      password: '',
      messages: ['Enter a valid email address.', 'Enter your password.'],
    },
    {
      name: 'not an email',
      username: 'admin',
      password: 'secret',
      messages: ['Enter a valid email address.'],
    },
    { name: 'no password', username: 'admin@acme.example', password: '', messages: ['Enter your password.'] },
  ])(
    'shows the validation of the shared schema and sends nothing: $name',
    async ({ username, password, messages }) => {
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      renderLogin();
      fill(/^Email address/, username);
      fill(/^Password/, password);
      submit();
      for (const message of messages) expect(await screen.findByText(message)).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('shows the validation in Spanish', async () => {
    await i18n.changeLanguage('es');
    vi.stubGlobal('fetch', vi.fn());
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Introduzca un correo electrónico válido.')).toBeTruthy();
  });

  it('shows the catalogue text on 401 and clears the claims (spec part 4: "On a failed login the claims are cleared")', async () => {
    authStore.setToken(fakeJwt(stepClaims));
    await signInRefused();
    expect(authStore.get().claims).toBeNull();
  });

  it('words a refusal and the field messages anew when the language is switched after them', async () => {
    await signInRefused();
    // The refused password is cleared, so Sign in again names the empty field.
    submit();
    expect(await screen.findByText('Enter your password.')).toBeTruthy();

    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Inicio de sesión no válido.  Compruebe sus credenciales.',
    );
    expect(await screen.findByText('Introduzca su contraseña.')).toBeTruthy();
    expect(screen.queryByText('Enter your password.')).toBeNull();
    // A field that showed no message stays without one.
    expect(screen.queryByText('Introduzca un correo electrónico válido.')).toBeNull();
  });

  it.each([
    {
      claims: { isEmailValidated: true, isMfaEnrolled: false },
      screen: 'enrolment screen',
      captivity: '/multi-factor-auth',
    },
    {
      claims: { isEmailValidated: true, isMfaEnrolled: true },
      screen: 'code screen',
      captivity: '/authentication',
    },
    {
      claims: { isEmailValidated: false, isMfaEnrolled: false },
      screen: 'email screen',
      captivity: '/email-validation',
    },
  ])(
    'on success goes to the next step with its captivity path: $captivity',
    async ({ claims, screen: text, captivity }) => {
      const token = fakeJwt({ ...stepClaims, ...claims });
      const fetchMock = vi.fn(async (_url: URL, _init: RequestInit) =>
        Response.json({ ok: true }, { status: 200, headers: { Authorization: `Bearer ${token}` } }),
      );
      vi.stubGlobal('fetch', fetchMock);
      const { router } = renderLogin();
      fill(/^Email address/, ' Admin@Acme.example ');
      fill(/^Password/, 'vnoc-demo-2026!');
      submit();
      expect(await screen.findByText(text)).toBeTruthy();
      expect(router.state.location.pathname).toBe(captivity);
      expect(authStore.get().captivity).toBe(captivity);
      expect(authStore.get().jwt).toBe(token);
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(String(url)).toMatch(/\/api\/login$/);
      expect(JSON.parse(String(init?.body))).toEqual({
        username: 'admin@acme.example',
        password: 'vnoc-demo-2026!',
      });
    },
  );

  it('says the session expired when the identity provider sends an expired session back here, once', () => {
    noteExpiredSignOut();
    const first = renderLogin();
    expect(getBanner()?.message).toBe('Your session has expired, please login.');
    first.unmount();
    clearBanner();
    renderLogin();
    expect(getBanner()).toBeNull();
  });

  it('"Create an account" sets the captivity path to /organization-lookup and goes there', async () => {
    const { router } = renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByText('lookup screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/organization-lookup');
    expect(authStore.get().captivity).toBe('/organization-lookup');
  });
});
