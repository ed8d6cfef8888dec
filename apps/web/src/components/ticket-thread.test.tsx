// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { TicketMessage } from '@vnoc/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { formatDate } from '../lib/format.ts';
import { i18n } from '../lib/i18n.ts';
import { installDomStubs, renderRoutes } from '../test/render.tsx';
import { TicketReplyBox, TicketThread } from './ticket-thread.tsx';

beforeAll(() => installDomStubs());
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

const uriel = { id: 'u1', name: 'Uriel Operator', support: null };
const messages: TicketMessage[] = [
  {
    id: 'm1',
    side: 'customer',
    author: uriel,
    body: 'Still down.\nSince noon.',
    createdAt: '2026-11-20T10:00:00Z',
  },
  {
    id: 'm2',
    side: 'support',
    author: { id: 's1', name: 'Sam Support', support: null },
    body: 'Replacing the cable.',
    createdAt: '2026-11-20T11:00:00Z',
  },
  {
    id: 'm3',
    side: 'support',
    author: { ...uriel, support: { id: 's1', name: 'Sam Support' } },
    body: 'Rebooted it for you.',
    createdAt: '2026-11-20T12:00:00Z',
  },
];

const render = (element: React.ReactElement) => renderRoutes([{ path: '/', element }], '/');

describe('the ticket thread', () => {
  it('says there are no replies yet', async () => {
    render(<TicketThread messages={[]} me="customer" />);
    expect((await screen.findByTestId('ticket-thread-empty')).textContent).toMatch(/^No replies yet\./);
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByTestId('ticket-thread-empty').textContent).toMatch(/^Aún no hay respuestas\./);
  });

  it('lists the replies oldest first with who wrote each (support marked as such) and its exact time', async () => {
    render(<TicketThread messages={messages} me="customer" />);
    const rows = await screen.findAllByTestId('ticket-message');
    expect(rows.map((r) => r.dataset.side)).toEqual(['customer', 'support', 'support']);
    expect(within(rows[0] as HTMLElement).getByText('Uriel Operator')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Sam Support · vNOC support')).toBeTruthy();
    expect(
      within(rows[2] as HTMLElement).getByText('Sam Support (vNOC support) for Uriel Operator'),
    ).toBeTruthy();
    // The body keeps its lines; the time reads as an age with the exact date beside it.
    expect(within(rows[0] as HTMLElement).getByText(/Still down\./).textContent).toBe(
      'Still down.\nSince noon.',
    );
    const time = (rows[0] as HTMLElement).querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-11-20T10:00:00.000Z');
    expect(time?.getAttribute('title')).toBe(formatDate('2026-11-20T10:00:00Z'));
    // The reader's own side sits on the right.
    expect((rows[0] as HTMLElement).style.alignItems).toBe('flex-end');
    expect((rows[1] as HTMLElement).style.alignItems).toBe('flex-start');
  });
});

describe('the reply box', () => {
  it('sends the trimmed text with Ctrl+Enter and empties itself', async () => {
    const onSend = vi.fn(() => Promise.resolve());
    render(<TicketReplyBox onSend={onSend} sending={false} hint="Support is emailed your reply." />);
    const box = (await screen.findByTestId('ticket-reply')) as HTMLTextAreaElement;
    expect((screen.getByTestId('ticket-reply-send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: '  Any news?  ' } });
    expect(screen.getByText('13 / 4000 characters')).toBeTruthy();
    // Enter alone is a new line; Ctrl+Enter sends.
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    });
    expect(onSend).toHaveBeenCalledWith('Any news?');
    expect(box.value).toBe('');
  });

  it('keeps the text and shows the refusal when sending fails', async () => {
    const refusal = new ApiError(
      409,
      { id: 'ticket_open', message: 'This alert already has an open ticket, #1002.' },
      '/x',
    );
    render(<TicketReplyBox onSend={() => Promise.reject(refusal)} sending={false} hint="" />);
    const box = (await screen.findByTestId('ticket-reply')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Reopen please' } });
    fireEvent.click(screen.getByTestId('ticket-reply-send'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This alert already has an open ticket, #1002.',
    );
    expect(box.value).toBe('Reopen please');
  });
});
