// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../test/render.tsx';
import { listSavedSearches } from './saved-searches.ts';
import { SavedSearchesMenu } from './saved-searches-menu.tsx';

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

const show = () =>
  render(
    <Providers>
      <SavedSearchesMenu
        route="sites"
        params={new URLSearchParams('status=offline')}
        onApply={() => undefined}
      />
    </Providers>,
  );

describe('Save search (spec part 5)', () => {
  it('asks for a name, refuses none, saves the search under it', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Save search' }));
    const name = await screen.findByLabelText('Saved search name');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('You need to type a name')).toBeTruthy();
    expect(listSavedSearches('sites')).toEqual([]);
    fireEvent.change(name, { target: { value: 'Offline' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(listSavedSearches('sites').map((entry) => entry.key)).toEqual(['Offline']));
  });

  it('cancel closes the prompt without saving', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Save search' }));
    fireEvent.change(await screen.findByLabelText('Saved search name'), { target: { value: 'Offline' } });
    fireEvent.click(screen.getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByLabelText('Saved search name')).toBeNull());
    expect(listSavedSearches('sites')).toEqual([]);
  });
});
