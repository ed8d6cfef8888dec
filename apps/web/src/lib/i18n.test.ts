import { describe, expect, it } from 'vitest';
import { allNamespaces, i18n, languageReady, languages, wordingFiles } from './i18n.ts';
import { PUBLIC_NAMESPACES } from './public-namespaces.ts';

describe('the wording the entry carries (issue 12)', () => {
  it('is the public screens’ namespaces in English only', () => {
    expect([...wordingFiles.bundled].sort()).toEqual(PUBLIC_NAMESPACES.map((ns) => `en/${ns}`).sort());
  });

  it('leaves every other file of every language to be fetched, each once', () => {
    const every = languages.flatMap((language) => allNamespaces.map((ns) => `${language}/${ns}`));
    expect([...wordingFiles.bundled, ...wordingFiles.lazy].sort()).toEqual(every.sort());
  });

  it('is ready for the first render in English at once', async () => {
    // Its English wording is bundled (checked above); the language is English, not a guess left unset.
    expect(i18n.isInitialized).toBe(true);
    await languageReady;
    expect(i18n.language).toBe('en');
  });
});
