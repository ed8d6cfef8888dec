import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { setLanguage } from '../../lib/i18n.ts';
import { toColorScheme } from '../../lib/theme.ts';
import { preferenceChoices } from '../../lib/user-preferences.ts';
import { useUserProfile } from '../../lib/user-profile.ts';

/** After sign-in the user's saved preferences (language, theme) apply. */
export function usePreferenceSync() {
  const { data: user } = useUserProfile();
  const { setColorScheme } = useMantineColorScheme();
  const prefs = user?.userPreferences;
  useEffect(() => {
    if (!prefs) return;
    const { language, theme } = preferenceChoices({ userPreferences: prefs });
    if (language) setLanguage(language);
    if (theme) setColorScheme(toColorScheme(theme));
  }, [prefs, setColorScheme]);
}
