// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import * as notify from '../../../lib/notify.ts';
import { fakeJwt, fullClaims, installDomStubs, Providers } from '../../../test/render.tsx';
import { ContactVerification } from './contact-verification.tsx';

const toast = vi.spyOn(notify, 'toast').mockReturnValue('toast');
const calls: { method: string; url: string; body: unknown }[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const user = (contact: Partial<User['contact']> = {}): User => ({
  id: 'u1',
  creationDate: '2026-01-01T00:00:00.000Z',
  username: 'ana@acme.example',
  role: 'USER',
  organization: { id: 'o1', name: 'Acme' },
  contact: {
    firstName: 'Ana',
    lastName: 'Ortiz',
    title: null,
    company: null,
    mobileNumber: '+15557772222',
    officeNumber: null,
    emailAddress: null,
    mobileVerified: false,
    emailVerified: false,
    ...contact,
  },
  userPreferences: [],
  siteGroups: [],
  managedUsers: [],
});

beforeAll(() => installDomStubs());
beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls.length = 0;
  toast.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init?.method ?? 'GET', url: `${url.pathname}${url.search}`, body });
      if (url.pathname.endsWith('/verify-code') && (body as { code: string }).code !== '246810')
        return json(400, { id: 'code_invalid', message: 'The code is not valid or has expired.' });
      return json(200, { ok: true });
    }),
  );
  authStore.setToken(fakeJwt(fullClaims()));
});
afterEach(() => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
});

const renderFor = (person: User) =>
  render(
    <Providers>
      <ContactVerification user={person} />
    </Providers>,
  );
const row = (kind: string) => document.querySelector(`[data-proof="${kind}"]`) as HTMLElement;
const typeCode = (within_: HTMLElement, code: string) => {
  const boxes = within(within_).getAllByRole('textbox');
  code.split('').forEach((digit, i) => {
    fireEvent.change(boxes[i] as HTMLElement, { target: { value: digit } });
  });
};

describe('contact verification on the profile', () => {
  it('proves the contact mobile with alt=true: send, "sent to", the code, then the flag is cleared', async () => {
    renderFor(user());
    const mobile = row('mobile');
    expect(within(mobile).getByText('Not verified')).toBeTruthy();
    fireEvent.click(within(mobile).getByRole('button', { name: 'Send a code to my mobile phone' }));
    expect(await within(mobile).findByRole('status')).toBeTruthy();
    expect(within(mobile).getByRole('status').textContent).toMatch(/^Code sent to .*555.*2222/);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/userProfile/registered-mobile/send-code?alt=true',
    });
    expect(authStore.get().altSmsCodeSent?.to).toBe('+15557772222');
    // The resend waits from when the code was sent.
    expect(within(mobile).getByRole('button', { name: /Send a new code \(\d+ s\)/ })).toHaveProperty(
      'disabled',
      true,
    );

    typeCode(mobile, '111111');
    expect(await within(mobile).findByText('Code is not valid. Please try again.')).toBeTruthy();
    typeCode(mobile, '246810');
    await waitFor(() => expect(authStore.get().altSmsCodeSent).toBeNull());
    expect(calls.filter((call) => call.url.includes('verify-code')).at(-1)).toMatchObject({
      url: '/api/userProfile/registered-mobile/verify-code?alt=true',
      body: { code: '246810' },
    });
    expect(toast).toHaveBeenCalledWith('Your mobile phone is verified.');
  });

  it('shows what is verified, offers no code for it, and says what to do when nothing is on file', () => {
    renderFor(user({ mobileVerified: true }));
    expect(within(row('mobile')).getByText('Verified')).toBeTruthy();
    expect(within(row('mobile')).queryByRole('button')).toBeNull();
    expect(within(row('email')).getByText('No contact email yet: add one in Contact details.')).toBeTruthy();
    expect(within(row('email')).queryByRole('button')).toBeNull();
    expect(row('smsFactor')).toBeNull();
  });

  it('sends the contact email its code with alt=true, under emailCodeSent', async () => {
    renderFor(user({ emailAddress: 'ana.alt@example.com' }));
    fireEvent.click(within(row('email')).getByRole('button', { name: 'Send a code to my contact email' }));
    await waitFor(() => expect(authStore.get().emailCodeSent?.to).toBe('ana.alt@example.com'));
    expect(calls[0]?.url).toBe('/api/userProfile/registered-email/send-code?alt=true');
  });

  it('tests the sign-in SMS number (registered-mobile without alt) under mobileSMSCodeSent', async () => {
    authStore.setToken(
      fakeJwt(
        fullClaims({ isMfaMobileEnrolled: true, userSmsNumber: '+15557771111', isMfaAppEnrolled: false }),
      ),
    );
    renderFor(user());
    const sms = row('smsFactor');
    expect(within(sms).getByText(/1111/)).toBeTruthy();
    fireEvent.click(within(sms).getByRole('button', { name: 'Send a test code to my sign-in SMS number' }));
    await waitFor(() => expect(authStore.get().mobileSMSCodeSent?.to).toBe('+15557771111'));
    expect(calls[0]?.url).toBe('/api/userProfile/registered-mobile/send-code?alt=false');
    typeCode(sms, '246810');
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Your sign-in SMS number received the code.'));
    expect(authStore.get().mobileSMSCodeSent).toBeNull();
    expect(calls.at(-1)?.url).toBe('/api/userProfile/registered-mobile/verify-code?alt=false');
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    renderFor(user());
    expect(screen.getByRole('heading', { name: 'Verificar los datos de contacto' })).toBeTruthy();
    expect(within(row('mobile')).getByText('Sin verificar')).toBeTruthy();
  });
});
