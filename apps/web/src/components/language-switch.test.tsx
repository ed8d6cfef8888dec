// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
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
});
