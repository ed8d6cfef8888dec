import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Mantine's component stylesheets are split between the entry (/login and the shell), the rest of the sign-in
// screens and the signed-in console.
const stylesDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.layer.css')),
  'styles',
);
const imported = (file: string) =>
  [
    ...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(
      /@mantine\/core\/styles\/([\w-]+\.layer\.css)/g,
    ),
  ].map((m) => m[1]);

describe('Mantine styles split (issue 12)', () => {
  it('the public, sign-in and console stylesheets import every component stylesheet of Mantine exactly once', () => {
    const all = readdirSync(stylesDir)
      .filter((f) => f.endsWith('.layer.css'))
      .sort();
    const three = [
      ...imported('./mantine-public.css'),
      ...imported('./mantine-sign-in.css'),
      ...imported('./mantine-console.css'),
    ].sort();
    expect(three).toEqual(all);
  });

  it("each half keeps the components in the order of Mantine's own styles.css (a base before what builds on it)", () => {
    const full = readFileSync(path.join(stylesDir, '..', 'styles.layer.css'), 'utf8');
    const position = (file: string) => {
      const first = /\.(m_[0-9a-f]+)/.exec(readFileSync(path.join(stylesDir, file), 'utf8'));
      return first ? full.indexOf(`.${first[1]}`) : -1;
    };
    for (const half of ['./mantine-public.css', './mantine-sign-in.css', './mantine-console.css']) {
      const components = imported(half).filter((f) => /^[A-Z]/.test(f as string)) as string[];
      const positions = components.map(position);
      expect(positions, half).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('the public stylesheet starts with the baseline, the variables and the global rules', () => {
    expect(imported('./mantine-public.css').slice(0, 3)).toEqual([
      'baseline.layer.css',
      'default-css-variables.layer.css',
      'global.layer.css',
    ]);
  });
});
