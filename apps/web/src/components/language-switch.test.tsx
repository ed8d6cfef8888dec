// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { installDomStubs, Providers } from '../test/render.tsx';
import { LanguageSwitch } from './language-switch.tsx';

beforeAll(() => installDomStubs());
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('the language switch', () => {
  it.each([
    ['en', 'EN', 'EN · Language: English'],
    ['es', 'ES', 'ES · Idioma: Español'],
  ])('in %s, its name begins with the text it shows (label in name)', async (language, shown, name) => {
    await i18n.changeLanguage(language);
    render(
      <Providers>
        <LanguageSwitch />
      </Providers>,
    );
    const button = screen.getByTestId('language-switch');
    expect(button.textContent).toBe(shown);
    expect(button.getAttribute('aria-label')).toBe(name);
  });

  it('is a menu button before its menu has loaded, and opens it on the first press', async () => {
    render(
      <Providers>
        <LanguageSwitch />
      </Providers>,
    );
    const button = screen.getByTestId('language-switch');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Español' }));
    expect(i18n.resolvedLanguage).toBe('es');
    expect(screen.getByTestId('language-switch').textContent).toBe('ES');
  });
});
