import { ActionIcon, Button, Group, type ModalProps, Stack, Text, TextInput } from '@mantine/core';
import { IconBookmark, IconBookmarkPlus, IconTrash } from '@tabler/icons-react';
import { type ComponentType, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadedLater } from '../../lib/loaded-later.ts';
import { toast } from '../../lib/notify.ts';
import { HeaderMenu } from '../header-menu.tsx';
import { ModalActions } from '../modal-actions.tsx';
import {
  deleteSavedSearch,
  listSavedSearches,
  SAVED_SEARCH_NAME_MAX,
  type SavedFilter,
  saveSearch,
  validateSavedSearchName,
  valueToSearch,
} from './saved-searches.ts';

// The prompt's dialog (Mantine's Modal) loads when "Save search" is first pointed at, focused or pressed; the
// list of saved searches is a header menu (Mantine's Menu loads when it first opens).
const modal = loadedLater(() => import('../lazy-modal.ts'));
const prefetchModal = () => void modal.load().catch(() => undefined);

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
  const [Modal, setModal] = useState<ComponentType<ModalProps> | null>(
    () => modal.current()?.default ?? null,
  );
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const prompt = () =>
    modal.load().then(
      (loaded) => {
        setModal(() => loaded.default);
        setPrompting(true);
      },
      () => undefined,
    );
  const close = () => {
    setPrompting(false);
    setName('');
    setError(null);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSavedSearchName(name);
    if (problem) {
      setError(
        problem === 'required'
          ? t('saveSearch.required')
          : t('saveSearch.tooLong', { max: SAVED_SEARCH_NAME_MAX }),
      );
      return;
    }
    const entry = saveSearch(route, name, params);
    setSaved(listSavedSearches(route));
    toast(t('saveSearch.saved', { name: entry.key }));
    close();
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
        onPointerEnter={prefetchModal}
        onFocus={prefetchModal}
        onClick={prompt}
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
      {Modal && (
        <Modal opened={prompting} onClose={close} title={t('saveSearch.title')} centered>
          <form onSubmit={handleSubmit} noValidate>
            <Stack gap="md">
              <TextInput
                data-autofocus
                aria-label={t('saveSearch.name')}
                placeholder={t('saveSearch.placeholder')}
                maxLength={SAVED_SEARCH_NAME_MAX}
                value={name}
                error={error}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setError(null);
                }}
              />
              <ModalActions
                cancelLabel={t('saveSearch.cancel')}
                submitLabel={t('saveSearch.confirm')}
                onCancel={close}
              />
            </Stack>
          </form>
        </Modal>
      )}
    </Group>
  );
}
