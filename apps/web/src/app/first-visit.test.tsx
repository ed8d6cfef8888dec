// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLanguage, i18n, initialLanguage, setLanguage } from '../lib/i18n.ts';
import { readItem, StorageKeys, writeItem } from '../lib/storage.ts';
import { readThemeChoice, themeColorSchemeManager } from '../lib/theme.ts';
import { installDomStubs, mediaQueryList } from '../test/render.tsx';
import { theme } from './theme.ts';

function browserPrefers(languages: string[], dark: boolean) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, dark && query.includes('dark')));
}

/** The provider as the entry (main.tsx) mounts it: the stored choice, else what the manager reads. */
function renderEntryProvider() {
  installDomStubs();
  render(
    <MantineProvider theme={theme} colorSchemeManager={themeColorSchemeManager()} defaultColorScheme="light">
      <p>console</p>
    </MantineProvider>,
  );
  return document.documentElement.getAttribute('data-mantine-color-scheme');
}

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('a first visit (issue 37 point 8)', () => {
  it('takes the browser’s language when the console has it, else English', () => {
    expect(browserLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(browserLanguage(['fr-FR', 'en-GB'])).toBe('en');
    expect(browserLanguage(['de-DE', 'fr'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
    browserPrefers(['es-AR', 'es'], false);
    expect(initialLanguage()).toBe('es');
  });

  it('opens dark when the browser prefers dark, light when it does not', () => {
    browserPrefers(['en-US'], true);
    expect(readThemeChoice()).toBe('system');
    expect(renderEntryProvider()).toBe('dark');
  });

  it('opens light for a browser without a dark preference (the spec’s default)', () => {
    browserPrefers(['en-US'], false);
    expect(renderEntryProvider()).toBe('light');
  });
});

describe('a choice made before sign-in', () => {
  it('outlives the next load: the chosen language wins over the browser’s', () => {
    browserPrefers(['es-ES'], false);
    setLanguage('en');
    expect(readItem(StorageKeys.language)).toBe('en');
    expect(initialLanguage()).toBe('en');
  });

  it('keeps the chosen theme whatever the browser prefers', () => {
    browserPrefers(['en-US'], true);
    writeItem(StorageKeys.theme, 'light');
    expect(renderEntryProvider()).toBe('light');
  });
});
