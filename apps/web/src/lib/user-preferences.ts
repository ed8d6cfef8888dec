import { preferencesToMap, type User } from '@vnoc/contracts';
import { isLanguage, type Language } from './i18n.ts';
import { isThemeChoice, type ThemeChoice } from './theme.ts';

export interface PreferenceChoices {
  language: Language | null;
  theme: ThemeChoice | null;
}

/** The user's saved language and theme, read with the spec's list-to-map rule; null when unset or unknown. */
export function preferenceChoices(user: Pick<User, 'userPreferences'> | null | undefined): PreferenceChoices {
  const map = preferencesToMap(user?.userPreferences ?? []);
  const language = map.language?.value;
  const theme = map.theme?.value;
  return { language: isLanguage(language) ? language : null, theme: isThemeChoice(theme) ? theme : null };
}
