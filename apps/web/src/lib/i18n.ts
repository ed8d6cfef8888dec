import { preferencesToMap } from '@vnoc/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { authStore } from './auth-store.ts';
import { PUBLIC_NAMESPACES } from './public-namespaces.ts';
import { readItem, StorageKeys, writeItem } from './storage.ts';
import { whenIdle } from './when-idle.ts';

export type Language = 'en' | 'es';
export const languages: readonly Language[] = ['en', 'es'];
export const defaultNamespace = 'translation';

type Resources = Record<string, Record<string, Record<string, unknown>>>;
type Loader = () => Promise<Record<string, unknown>>;

/*
 * The public screens' namespaces (`PUBLIC_NAMESPACES`) are bundled with the entry in English, the default
 * language. Every other namespace, and Spanish, is fetched: a signed-in screen's and the frame's with them
 * (`loadNamespaces`, app/screens.ts), the rest once the first screen has drawn (`loadRestWhenIdle`), a language when
 * it is chosen or is the signed-in user's (`languageReady`), so /login downloads neither the console's wording nor
 * a language it does not show (issue 12), and a signed-in screen only the wording it draws (issue 39).
 *
 * Every locales/<lang>/<namespace>.json is picked up, so a namespace added by a feature needs no wiring here.
 * (The globs below are literals, as Vite requires: they name the public namespaces' English files.)
 */
const bundledFiles = import.meta.glob<Record<string, unknown>>(
  [
    '../locales/en/translation.json',
    '../locales/en/auth.json',
    '../locales/en/profile.json',
    '../locales/en/adminUsers.json',
  ],
  { eager: true, import: 'default' },
);
// The rest, fetched when needed (the bundled ones left out: they are in the entry already).
const lazyFiles = import.meta.glob<Record<string, unknown>>(
  [
    '../locales/*/*.json',
    '!../locales/en/translation.json',
    '!../locales/en/auth.json',
    '!../locales/en/profile.json',
    '!../locales/en/adminUsers.json',
  ],
  { import: 'default' },
);

/** The wording files the entry carries and those it fetches, as `<language>/<namespace>`. */
export const wordingFiles = {
  bundled: Object.keys(bundledFiles).map((file) => file.replace(/^.*locales\/|\.json$/g, '')),
  lazy: Object.keys(lazyFiles).map((file) => file.replace(/^.*locales\/|\.json$/g, '')),
};

const parse = (file: string) => /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);

/** The bundled translation resources by language and namespace. */
export const resources: Resources = {};
for (const [file, content] of Object.entries(bundledFiles)) {
  const match = parse(file);
  if (!match?.[1] || !match[2]) continue;
  resources[match[1]] ??= {};
  (resources[match[1]] as Record<string, Record<string, unknown>>)[match[2]] = content;
}

/** The loader of every namespace that is not bundled, by language and namespace. */
export const loaders: Record<string, Record<string, Loader>> = {};
for (const [file, load] of Object.entries(lazyFiles)) {
  const match = parse(file);
  if (!match?.[1] || !match[2]) continue;
  loaders[match[1]] ??= {};
  (loaders[match[1]] as Record<string, Loader>)[match[2]] = load;
}

/** Every namespace there is (from English, the reference language). */
export const allNamespaces: readonly string[] = [
  ...Object.keys(resources.en ?? {}),
  ...Object.keys(loaders.en ?? {}),
].sort();

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'es';
}

/** The first of the browser's languages the console has ("es-MX" → es), else English (spec part 1: default). */
export function browserLanguage(
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/**
 * The language of the first render: the signed-in user's saved preference, else the one last chosen on this
 * browser (a choice on the sign-in page included), else the browser's own.
 */
export function initialLanguage(): Language {
  const prefs = authStore.get().user?.userPreferences;
  const saved = prefs ? preferencesToMap(prefs).language?.value : undefined;
  if (isLanguage(saved)) return saved;
  const chosen = readItem(StorageKeys.language);
  return isLanguage(chosen) ? chosen : browserLanguage();
}

/** Fetches a namespace that is not bundled (also for the other language when the language changes). */
const lazyBackend = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, callback: (error: unknown, data: unknown) => void) {
    const load = loaders[language]?.[namespace];
    if (!load) return callback(new Error(`No translations for ${language}/${namespace}`), false);
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error, false),
    );
  },
};

/**
 * Settles once the first language's bundled namespaces are there: at once in English; for a Spanish user, once
 * they are fetched. The app renders after it, so no screen shows English first.
 */
export const languageReady: Promise<unknown> = i18next
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...languages],
    ns: [...PUBLIC_NAMESPACES],
    defaultNS: defaultNamespace,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

function syncDocumentLanguage(lang: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
syncDocumentLanguage(i18next.language);
i18next.on('languageChanged', syncDocumentLanguage);

/**
 * Switches the interface language and keeps the choice on this browser for the next load (no server call;
 * Settings → Profile saves the preference). The screens keep the language they show until the new one's
 * namespaces are fetched (i18next loads them before it changes).
 */
export function setLanguage(lang: Language): void {
  writeItem(StorageKeys.language, lang);
  if (i18next.language !== lang) void i18next.changeLanguage(lang);
}

/**
 * Loads namespaces in the current language (and English, the fallback): the router loads a screen's beside its
 * module, the signed-in frame's beside its layout (app/screens.ts), so no screen renders its keys instead of its
 * words. i18next then loads the same namespaces in a language chosen later before it shows it.
 */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return i18next.loadNamespaces([...namespaces]);
}

let restScheduled = false;

/**
 * Once the first screen has drawn, the rest of the language's namespaces when the browser is idle (once per page
 * load), so a later screen or dialog normally finds its wording there already. A component that needs one before
 * it arrives waits for it (`useTranslation` suspends).
 */
export function loadRestWhenIdle(): void {
  if (restScheduled) return;
  restScheduled = true;
  whenIdle(() => void loadNamespaces(allNamespaces).catch(() => undefined), 5000);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

export { i18next as i18n };
