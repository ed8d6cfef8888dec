// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { i18n } from '../../lib/i18n.ts';
import * as notify from '../../lib/notify.ts';
import { fakeJwt, fullClaims, installDomStubs, renderRoutes } from '../../test/render.tsx';
import { UserMenu } from './user-menu.tsx';

// The main layout's feedback (spec part 2): "Send feedback" in the user menu sends a note and the page it was
// written on; the outcome is a toast in the person's language.

const toast = vi.spyOn(notify, 'toast').mockReturnValue('toast');
const posted: unknown[] = [];
let answer: () => Response;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => installDomStubs());
beforeEach(() => {
  posted.length = 0;
  toast.mockClear();
  answer = () => json({ id: 'f1', createdAt: '2026-03-02T15:00:00.000Z' }, 201);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/feedback' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return answer();
      }
      return json({ id: 'not_found', message: 'Not found.' }, 404);
    }),
  );
});
afterEach(async () => {
  cleanup();
  authStore.logout();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function openMenu(claims: Record<string, unknown> = {}) {
  authStore.setToken(fakeJwt(fullClaims(claims)));
  renderRoutes([{ path: '/sites/map', element: <UserMenu /> }], '/sites/map');
  fireEvent.click(screen.getByTestId('user-menu'));
}

describe('Send feedback', () => {
  it('sends the note with the page it was written on, closes, and thanks the person', async () => {
    openMenu();
    fireEvent.click(await screen.findByTestId('feedback-open'));
    fireEvent.click(await screen.findByTestId('feedback-submit'));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(screen.getByTestId('feedback-message'), { target: { value: 'The map is lovely.' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Thank you! Your feedback was sent.'));
    expect(posted).toEqual([{ message: 'The map is lovely.', page: '/sites/map' }]);
    await waitFor(() => expect(screen.queryByTestId('feedback-form')).toBeNull());
  });

  it('in Spanish, says a refused note was not sent and why, and keeps it to send again', async () => {
    await i18n.changeLanguage('es');
    answer = () => json({ id: 'rate_limited', message: 'Too many requests.' }, 429);
    openMenu();
    fireEvent.click(await screen.findByText('Enviar comentarios'));
    fireEvent.change(await screen.findByTestId('feedback-message'), { target: { value: 'Otra nota' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
        'danger',
        'Sus comentarios no se han enviado',
      ),
    );
    expect((screen.getByTestId('feedback-message') as HTMLTextAreaElement).value).toBe('Otra nota');
  });

  it.each([
    ['support staff', { role: 'SUPPORT' }],
    ['a support person acting as the user', { impersonatedBy: 'sam@vnoc.example' }],
  ])('is not offered to %s (the server refuses them)', async (_name, claims) => {
    openMenu(claims);
    expect(await screen.findByTestId('sign-out')).toBeTruthy();
    expect(screen.queryByTestId('feedback-open')).toBeNull();
  });
});
