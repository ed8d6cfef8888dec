// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../test/render.tsx';
import { SearchInput } from './search-input.tsx';

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
afterEach(cleanup);

function show(value = '') {
  const onChange = vi.fn();
  render(
    <Providers>
      <SearchInput label="Site" value={value} onChange={onChange} queryTarget="alerts" />
    </Providers>,
  );
  return { onChange, box: screen.getByRole('textbox', { name: /Site/ }) };
}

describe('SearchInput with the fleet query language (its reader loaded once the field has drawn)', () => {
  it('says where a query cannot be read, and does not send it', async () => {
    const { onChange, box } = show();
    fireEvent.change(box, { target: { value: 'stat:offline' } });
    expect(await screen.findByText(/Unknown key "stat" at character 1/)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('sends a query it can read once typing settles', async () => {
    const { onChange, box } = show();
    // The reader arrives a moment after the first paint; the field checks with it from then on.
    fireEvent.change(box, { target: { value: 'stat:' } });
    await screen.findByText(/Unknown key "stat"/);
    fireEvent.change(box, { target: { value: 'severity:critical "New York"' } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('severity:critical "New York"'));
    expect(screen.queryByText(/Unknown key/)).toBeNull();
  });

  it('shows the message of a query the address bar brought in, in the language shown', async () => {
    await i18n.changeLanguage('es');
    try {
      show('ack:maybe');
      expect(
        await screen.findByText('Valor no válido «maybe» para «ack» en el carácter 1. Valores: yes, no.'),
      ).toBeTruthy();
      expect(screen.getByRole('textbox', { name: /Site/ }).getAttribute('aria-invalid')).toBe('true');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
