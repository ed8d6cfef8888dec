import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The DOM tier runs its files on one module graph per worker (vitest.config.ts): a `vi.mock` there leaks to the
 * worker's later files or misses a module an earlier file loaded, so DOM tests spy on a module's export instead.
 * The one exception swaps the lazily loaded widgets, which `forgetPreloadedForTests` makes load anew per file.
 */
const ALLOWED = new Set(['features/dashboards/components/render-widget.test.tsx']);

const src = join(import.meta.dirname, '..');
const domTests = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => readFileSync(join(src, file), 'utf8').startsWith('// @vitest-environment jsdom'));

describe('DOM tests and the shared module graph', () => {
  it('finds the DOM tests', () => expect(domTests.length).toBeGreaterThan(50));
  it.each(domTests.filter((file) => !ALLOWED.has(file)))('%s mocks no module', (file) => {
    expect(readFileSync(join(src, file), 'utf8')).not.toMatch(/\bvi\.(do)?mock\(/);
  });
});
