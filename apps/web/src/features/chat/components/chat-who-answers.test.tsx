// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, renderRoutes } from '../../../test/render.tsx';
import { ChatWhoAnswers } from './chat-who-answers.tsx';

beforeAll(() => installDomStubs());
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

describe('who answers the chat (issue 37 point 14)', () => {
  it('names the support staff, their days, hours and time zone, the expected answer and who sees it', async () => {
    renderRoutes([{ path: '/', element: <ChatWhoAnswers /> }], '/');
    const text = (await screen.findByTestId('chat-who-answers')).textContent;
    expect(text).toBe(
      "Answered by vNOC's support staff, Monday to Friday, 08:00–18:00 (Central Time); a first answer usually " +
        'comes within 2 hours. Outside those hours your message waits for the next working day, and you are ' +
        'emailed the answer if you are away. Only you and the support staff see your conversations.',
    );
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByTestId('chat-who-answers').textContent).toMatch(
      /^Responde el equipo de soporte de vNOC, de lunes a viernes, de 08:00 a 18:00 \(.+\); la primera respuesta suele llegar en 2 horas\./,
    );
  });
});
