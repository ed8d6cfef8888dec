import { ActionIcon, Menu } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ThemeChoice, themeChoices, useThemeChoice } from '../lib/theme.ts';

const icons = { light: IconSun, system: IconDeviceDesktop, dark: IconMoon } as const;

/** Theme menu (light default, system, dark), stored under `theme`. */
export function ThemeSwitch({ onSelected }: { onSelected?: (choice: ThemeChoice) => void }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useThemeChoice();
  const Current = icons[choice];
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`${t('header.theme')}: ${t(`themes.${choice}`)}`}
          data-testid="theme-switch"
        >
          <Current size={20} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.theme')}</Menu.Label>
        {themeChoices.map((option) => {
          const Icon = icons[option];
          return (
            <Menu.Item
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
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
