// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.ts';
import { installDomStubs, Providers } from '../test/render.tsx';
import { LoadError } from './load-error.tsx';

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
afterEach(cleanup);

const failure = new ApiError(500, { id: 'internal', message: 'The server could not answer.' }, 'webhooks');

describe('LoadError', () => {
  it('says why, under its title, and asks again on the button', () => {
    const retry = vi.fn();
    render(
      <Providers>
        <LoadError
          error={failure}
          title="The list could not be loaded"
          onRetry={retry}
          retryLabel="Try again"
        />
      </Providers>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded');
    expect(alert.textContent).toContain('The server could not answer.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('without a way to ask again it only says why', () => {
    render(
      <Providers>
        <LoadError error={failure} />
      </Providers>,
    );
    expect(screen.getByRole('alert').textContent).toContain('The server could not answer.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
