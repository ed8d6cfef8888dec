import '../test/i18n-setup.ts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';

// Every namespace of both languages, as the test setup adds them (test/i18n-setup.ts).
const resources = i18n.store.data as Record<string, Record<string, unknown>>;

type Tree = { [key: string]: string | Tree };

function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

function leafValues(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : leafValues(value)));
}

const languages = Object.keys(resources);
const namespaces = [...new Set(languages.flatMap((lang) => Object.keys(resources[lang] ?? {})))].sort();

describe('locales: en and es complete and identical in keys, every namespace', () => {
  it('both languages exist, with the shell namespace', () => {
    expect(languages.sort()).toEqual(['en', 'es']);
    expect(namespaces).toContain('translation');
  });

  it.each(namespaces)('namespace %s has the same keys in en and es', (ns) => {
    const en = resources.en?.[ns] as Tree | undefined;
    const es = resources.es?.[ns] as Tree | undefined;
    expect(en, `locales/en/${ns}.json`).toBeDefined();
    expect(es, `locales/es/${ns}.json`).toBeDefined();
    // Spanish has a plural form English lacks ("many", whole millions), beside each "other": English may carry it
    // too (unused), so neither side's "many" beside its "other" is compared.
    const withoutMany = (all: string[]) =>
      all.filter((k) => !(k.endsWith('_many') && all.includes(`${k.slice(0, -5)}_other`))).sort();
    const enKeys = withoutMany(leafKeys(en ?? {}));
    const esKeys = withoutMany(leafKeys(es ?? {}));
    expect(
      esKeys.filter((k) => !enKeys.includes(k)),
      `keys only in es/${ns}.json`,
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !esKeys.includes(k)),
      `keys missing in es/${ns}.json`,
    ).toEqual([]);
  });

  it.each(namespaces)('namespace %s has no empty text', (ns) => {
    for (const lang of languages) {
      const values = leafValues((resources[lang]?.[ns] ?? {}) as Tree);
      expect(
        values.filter((v) => v.trim() === ''),
        `${lang}/${ns}.json`,
      ).toEqual([]);
    }
  });
});

// Every literal key the source uses must exist, in the namespace it is looked up in.
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function lookup(tree: Tree | undefined, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}

/**
 * Keys with the namespaces they are looked up in: `const { t } = useTranslation('ns')` or `(['ns', 'other'])`
 * (aliases too; a list looks in each in turn), a helper's parameter typed `t: TFunction<'ns'>`, or an explicit
 * `{ ns: '…' }`.
 */
function usedKeys(file: string): { ns: string[]; key: string }[] {
  const text = readFileSync(file, 'utf8');
  const aliases = new Map<string, string[]>([['t', ['translation']]]);
  for (const [, alias, single, list] of text.matchAll(
    /const \{ t(?:: (\w+))?[^}]*\} = useTranslation\((?:'(\w+)'|\[((?:'\w+'(?:, )?)+)\])?\)/g,
  )) {
    const listed = list ? [...list.matchAll(/'(\w+)'/g)].map((m) => m[1] as string) : undefined;
    aliases.set(alias ?? 't', listed ?? [single ?? 'translation']);
  }
  for (const [, name, ns] of text.matchAll(/\b(\w+): TFunction<'(\w+)'/g)) {
    if (name && ns) aliases.set(name, [ns]);
  }
  const found: { ns: string[]; key: string }[] = [];
  const calls = /\b(\w+)\(\s*'([a-zA-Z]+\.[a-zA-Z0-9_.]+)'(?:,\s*\{[^}]*?\bns: '(\w+)')?/g;
  for (const [, fn, key, ns] of text.matchAll(calls)) {
    const namespaces = ns ? [ns] : fn ? aliases.get(fn) : undefined;
    if (namespaces && key) found.push({ ns: namespaces, key });
  }
  // Route handles and menu entries name shell keys as data.
  if (file.includes('/app/')) {
    for (const [, key] of text.matchAll(/(?:label|title): '([a-zA-Z]+\.[a-zA-Z0-9_.]+)'/g)) {
      if (key) found.push({ ns: ['translation'], key });
    }
  }
  return found;
}

describe('translation keys in use exist in en and es', () => {
  const used = new Map<string, { ns: string[]; key: string }>();
  for (const file of sourceFiles(join(import.meta.dirname, '..'))) {
    for (const item of usedKeys(file)) used.set(`${item.ns.join('|')}:${item.key}`, item);
  }

  it('finds keys to check', () => expect(used.size).toBeGreaterThan(200));

  it.each([...used.keys()].sort())('%s', (id) => {
    const { ns, key } = used.get(id) as { ns: string[]; key: string };
    for (const lang of ['en', 'es'] as const) {
      // A key used with `count` resolves through its plural forms (key_one, key_other).
      const found = ns.some((namespace) => {
        const tree = resources[lang]?.[namespace] as Tree | undefined;
        return [key, `${key}_other`].some((k) => typeof lookup(tree, k) === 'string');
      });
      expect(found, `${lang}/${ns.join(' or ')}.json`).toBe(true);
    }
  });
});
