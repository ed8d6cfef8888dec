import { describe, expect, it } from 'vitest';
import { entryScript, hasNewContent, UPDATE_CHECK_MS } from './app-update.ts';

const page = (src: string) =>
  `<!doctype html><html><head><script type="module" crossorigin src="${src}"></script></head><body></body></html>`;

describe('application update check (spec part 4 "Other", part 9)', () => {
  it('runs every 5 minutes', () => expect(UPDATE_CHECK_MS).toBe(300_000));

  it('reads the entry script of an index.html', () => {
    expect(entryScript(page('/assets/index-abc123.js'))).toBe('/assets/index-abc123.js');
    expect(entryScript('<script src="/x.js" type="module"></script>')).toBe('/x.js');
    expect(entryScript('<html></html>')).toBeNull();
  });

  it.each([
    ['/assets/index-abc123.js', page('/assets/index-abc123.js'), false],
    ['/assets/index-abc123.js', page('/assets/index-def456.js'), true],
    [null, page('/assets/index-def456.js'), false],
    ['/assets/index-abc123.js', '<html>maintenance</html>', false],
  ])('running %s, served page → new content %s', (running, served, expected) => {
    expect(hasNewContent(running, served)).toBe(expected);
  });
});
