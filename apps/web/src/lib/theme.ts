import {
  type MantineColorScheme,
  type MantineColorSchemeManager,
  useMantineColorScheme,
} from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { readItem, StorageKeys, writeItem } from './storage.ts';

/**
 * Spec part 1 themes. Stored under the spec's `theme` key once the person chooses; until then the browser's
 * colour scheme applies (system), which is light, the spec's default, unless the browser asks for dark.
 */
export type ThemeChoice = 'light' | 'system' | 'dark';
export const themeChoices: readonly ThemeChoice[] = ['light', 'system', 'dark'];

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === 'light' || value === 'system' || value === 'dark';
}

export function toColorScheme(choice: ThemeChoice): MantineColorScheme {
  return choice === 'system' ? 'auto' : choice;
}

export function toThemeChoice(scheme: MantineColorScheme): ThemeChoice {
  return scheme === 'auto' ? 'system' : scheme;
}

export function readThemeChoice(): ThemeChoice {
  const stored = readItem(StorageKeys.theme);
  return isThemeChoice(stored) ? stored : 'system';
}

/** Mantine's colour scheme manager backed by storage key `theme` with the spec's values (system, not auto). */
export function themeColorSchemeManager(): MantineColorSchemeManager {
  let handler: ((event: StorageEvent) => void) | undefined;
  return {
    get: () => toColorScheme(readThemeChoice()),
    set: (value) => writeItem(StorageKeys.theme, toThemeChoice(value)),
    subscribe: (onUpdate) => {
      handler = (event) => {
        if (
          event.storageArea === window.localStorage &&
          event.key === StorageKeys.theme &&
          isThemeChoice(event.newValue)
        ) {
          onUpdate(toColorScheme(event.newValue));
        }
      };
      window.addEventListener('storage', handler);
    },
    unsubscribe: () => {
      if (handler) window.removeEventListener('storage', handler);
    },
    clear: () => writeItem(StorageKeys.theme, null),
  };
}

/** The current theme choice and its setter (stored under `theme`, applied through Mantine). */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // Mantine makes a new setColorScheme on every render; the setter handed out keeps one identity, or every
  // callback built on it (completeSignIn, goToStep) would change each render and re-run the effects that call
  // them: /impersonate kept navigating back to itself while the signed-in user loaded.
  const set = useCallbackRef((choice: ThemeChoice) => setColorScheme(toColorScheme(choice)));
  return [toThemeChoice(colorScheme), set];
}
