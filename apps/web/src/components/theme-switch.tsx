import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ThemeChoice, themeChoices, useThemeChoice } from '../lib/theme.ts';
import { HeaderIconMenu } from './header-icon-menu.tsx';

const icons = { light: IconSun, system: IconDeviceDesktop, dark: IconMoon } as const;

/** Theme menu (light default, system, dark), stored under `theme`. */
export function ThemeSwitch({ onSelected }: { onSelected?: (choice: ThemeChoice) => void }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useThemeChoice();
  const Current = icons[choice];
  return (
    <HeaderIconMenu
      icon={<Current size={20} aria-hidden="true" />}
      label={`${t('header.theme')}: ${t(`themes.${choice}`)}`}
      title={t('header.theme')}
      testId="theme-switch"
      items={(Item) =>
        themeChoices.map((option) => {
          const Icon = icons[option];
          return (
            <Item
              key={option}
              leftSection={<Icon size={16} aria-hidden="true" />}
              rightSection={option === choice ? <IconCheck size={16} aria-hidden="true" /> : null}
              aria-current={option === choice ? 'true' : undefined}
              onClick={() => {
                setChoice(option);
                onSelected?.(option);
              }}
            >
              {t(`themes.${option}`)}
            </Item>
          );
        })
      }
    />
  );
}
