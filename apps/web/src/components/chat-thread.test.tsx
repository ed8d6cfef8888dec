// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.ts';
import { installDomStubs, renderRoutes } from '../test/render.tsx';
import { ChatComposer } from './chat-thread.tsx';

beforeAll(() => {
  installDomStubs();
  // The growing textarea listens for web fonts loading; jsdom has no document.fonts.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

describe('the chat composer', () => {
  it('keeps what was typed when sending is refused, and words the refusal anew after a language switch', async () => {
    const refusal = new ApiError(
      429,
      { id: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
      '/api/chat/conversations/c1/messages',
    );
    renderRoutes(
      [
        {
          path: '/',
          element: <ChatComposer label="Message" sending={false} onSend={() => Promise.reject(refusal)} />,
        },
      ],
      '/',
    );
    fireEvent.change(screen.getByTestId('chat-composer'), { target: { value: 'Is Denver down?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    expect((screen.getByTestId('chat-composer') as HTMLTextAreaElement).value).toBe('Is Denver down?');
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
    );
  });
});
