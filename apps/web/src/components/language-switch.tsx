import { Button } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language, languages, setLanguage } from '../lib/i18n.ts';
import { HeaderMenu } from './header-menu.tsx';

/** Language menu (English default, Spanish). `onSelected` lets the signed-in header also save the preference. */
export function LanguageSwitch({ onSelected }: { onSelected?: (lang: Language) => void }) {
  const { t, i18n } = useTranslation();
  const active = currentLanguage();
  return (
    <HeaderMenu
      target={
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={18} aria-hidden="true" />}
          // The name begins with what the button shows (WCAG 2.5.3 label in name: "click EN" works by voice).
          aria-label={`${active.toUpperCase()} · ${t('header.language')}: ${t(`languages.${active}`)}`}
          data-testid="language-switch"
          lang={i18n.language}
        >
          {active.toUpperCase()}
        </Button>
      }
      title={t('header.language')}
      items={(Item) =>
        languages.map((lang) => (
          <Item
            key={lang}
            lang={lang}
            onClick={() => {
              setLanguage(lang);
              onSelected?.(lang);
            }}
            rightSection={lang === active ? <IconCheck size={16} aria-hidden="true" /> : null}
            aria-current={lang === active ? 'true' : undefined}
          >
            {t(`languages.${lang}`)}
          </Item>
        ))
      }
    />
  );
}
