import { preferencesToMap } from '@vnoc/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { authStore } from './auth-store.ts';

export type Language = 'en' | 'es';
export const languages: readonly Language[] = ['en', 'es'];
export const defaultNamespace = 'translation';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

// Every locales/<lang>/<namespace>.json is picked up, so a namespace added by a feature needs no wiring here.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** The translation resources by language and namespace, as loaded from locales/. */
export const resources: Resources = {};
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match?.[1] || !match[2]) continue;
  resources[match[1]] ??= {};
  (resources[match[1]] as Record<string, Record<string, unknown>>)[match[2]] = content;
}

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'es';
}

/** The signed-in user's stored language preference, else English (spec part 1: English default). */
export function initialLanguage(): Language {
  const prefs = authStore.get().user?.userPreferences;
  const lang = prefs ? preferencesToMap(prefs).language?.value : undefined;
  return isLanguage(lang) ? lang : 'en';
}

void i18next.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...languages],
  ns: Object.keys(resources.en ?? { translation: {} }),
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

/** Switches the interface language (no server call; Settings → Profile saves the preference). */
export function setLanguage(lang: Language): void {
  if (i18next.language !== lang) void i18next.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

export { i18next as i18n };
