import { Stack, Switch } from '@mantine/core';
import type { User } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSubmit } from '../../../components/form-submit.tsx';
import { LabelledSegmented } from '../../../components/labelled-segmented.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { handleError } from '../../../lib/error-handler.ts';
import { currentLanguage, type Language, languages, setLanguage } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/notify.ts';
import { analyticsAllowed } from '../../../lib/product-analytics.ts';
import { type ThemeChoice, themeChoices, useThemeChoice } from '../../../lib/theme.ts';
import { preferenceChoices } from '../../../lib/user-preferences.ts';
import { useUpdatePreferences } from '../api/update-preferences.ts';

/** Language, theme and product analytics (on unless opted out), saved with updateUserPreferences and applied (read back with preferencesToMap). */
export function PreferencesForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const { t: tShell } = useTranslation('translation');
  const [themeNow, setTheme] = useThemeChoice();
  const saved = preferenceChoices(user);
  // A choice not saved yet overrides what is saved; until then the form follows the saved preference, which
  // the header's language and theme menus also change while this screen is open.
  const [languageDraft, setLanguageValue] = useState<Language | null>(null);
  const [themeDraft, setThemeValue] = useState<ThemeChoice | null>(null);
  const language = languageDraft ?? saved.language ?? currentLanguage();
  const theme = themeDraft ?? saved.theme ?? themeNow;
  const [analytics, setAnalytics] = useState(analyticsAllowed(user));
  const update = useUpdatePreferences();

  const onSave = () => {
    update.mutate(
      [
        { name: 'language', value: language },
        { name: 'theme', value: theme },
        { name: 'analytics', value: analytics ? 'on' : 'off' },
      ],
      {
        onSuccess: async () => {
          setTheme(theme);
          setLanguage(language);
          setLanguageValue(null);
          setThemeValue(null);
          // The message reads in the language just chosen.
          toast(t('preferences.saved', { lng: language }));
        },
        onError: handleError,
      },
    );
  };

  return (
    <ProfileSection title={t('preferences.title')} description={t('preferences.description')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        <Stack gap="md">
          <LabelledSegmented
            label={t('preferences.language')}
            value={language}
            onChange={(value) => setLanguageValue(value as Language)}
            data={languages.map((value) => ({ value, label: tShell(`languages.${value}`) }))}
          />
          <LabelledSegmented
            label={t('preferences.theme')}
            value={theme}
            onChange={(value) => setThemeValue(value as ThemeChoice)}
            data={themeChoices.map((value) => ({ value, label: tShell(`themes.${value}`) }))}
          />
          <Switch
            checked={analytics}
            onChange={(event) => setAnalytics(event.currentTarget.checked)}
            label={t('preferences.analytics')}
            description={t('preferences.analyticsHelp')}
          />
          <FormSubmit loading={update.isPending} label={t('preferences.save')} />
        </Stack>
      </form>
    </ProfileSection>
  );
}
