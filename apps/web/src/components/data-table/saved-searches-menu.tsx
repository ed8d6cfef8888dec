import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconBookmark, IconBookmarkPlus, IconTrash } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadedLater } from '../../lib/loaded-later.ts';
import { toast } from '../../lib/notify.ts';
import { HeaderMenu } from '../header-menu.tsx';
import type { SavedSearchPromptProps } from './saved-search-prompt.tsx';
import {
  deleteSavedSearch,
  listSavedSearches,
  type SavedFilter,
  saveSearch,
  valueToSearch,
} from './saved-searches.ts';

// The prompt (its dialog, field and buttons: saved-search-prompt.tsx) loads when "Save search" is first pointed
// at, focused or pressed; the list of saved searches is a header menu (Mantine's Menu loads when it first opens).
const prompt = loadedLater(() => import('./saved-search-prompt.tsx'));
const prefetchPrompt = () => void prompt.load().catch(() => undefined);

export interface SavedSearchesMenuProps {
  /** The list's route, e.g. /sites: saved searches are kept per route. */
  route: string;
  /** The current search params (filters and sort) to save. */
  params: URLSearchParams;
  onApply: (params: URLSearchParams) => void;
}

/** "Save search" (the spec's prompt) and the "Saved searches" menu that applies or deletes one. */
export function SavedSearchesMenu({ route, params, onApply }: SavedSearchesMenuProps) {
  const { t } = useTranslation('table');
  const [saved, setSaved] = useState<SavedFilter[]>(() => listSavedSearches(route));
  const [prompting, setPrompting] = useState(false);
  const [Prompt, setPrompt] = useState<ComponentType<SavedSearchPromptProps> | null>(
    () => prompt.current()?.SavedSearchPrompt ?? null,
  );

  const openPrompt = () =>
    prompt.load().then(
      (loaded) => {
        setPrompt(() => loaded.SavedSearchPrompt);
        setPrompting(true);
      },
      () => undefined,
    );
  const handleSave = (name: string) => {
    const entry = saveSearch(route, name, params);
    setSaved(listSavedSearches(route));
    toast(t('saveSearch.saved', { name: entry.key }));
  };
  const handleDelete = (key: string) => {
    deleteSavedSearch(route, key);
    setSaved(listSavedSearches(route));
  };

  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      <Button
        variant="default"
        leftSection={<IconBookmarkPlus size={16} aria-hidden />}
        onPointerEnter={prefetchPrompt}
        onFocus={prefetchPrompt}
        onClick={openPrompt}
      >
        {t('saveSearch.button')}
      </Button>
      <HeaderMenu
        title={t('savedSearches.button')}
        width={240}
        onOpen={() => setSaved(listSavedSearches(route))}
        target={
          <Button variant="default" leftSection={<IconBookmark size={16} aria-hidden />}>
            {t('savedSearches.button')}
          </Button>
        }
        items={(Item) => (
          <div data-testid="saved-searches">
            {saved.length === 0 && (
              <Text size="sm" c="dimmed" px="sm" py="xs">
                {t('savedSearches.none')}
              </Text>
            )}
            {saved.map((entry) => (
              <Group key={entry.key} gap={4} wrap="nowrap" pr={4}>
                <Item style={{ flex: 1 }} onClick={() => onApply(valueToSearch(entry.value))}>
                  {entry.key}
                </Item>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('savedSearches.delete', { name: entry.key })}
                  onClick={() => handleDelete(entry.key)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </div>
        )}
      />
      {Prompt && <Prompt opened={prompting} onClose={() => setPrompting(false)} onSave={handleSave} />}
    </Group>
  );
}
