import { Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalActions } from '../modal-actions.tsx';
import { SAVED_SEARCH_NAME_MAX, validateSavedSearchName } from './saved-searches.ts';

export interface SavedSearchPromptProps {
  opened: boolean;
  onClose: () => void;
  /** Called with a valid name; the prompt then closes (through `onClose`). */
  onSave: (name: string) => void;
}

/**
 * The spec's "Save search" prompt: a name, checked before it is kept. A module of its own, with Mantine's Modal,
 * loaded when "Save search" is first pointed at, focused or pressed (saved-searches-menu.tsx): the lists' first
 * view draws only the button.
 */
export function SavedSearchPrompt({ opened, onClose, onSave }: SavedSearchPromptProps) {
  const { t } = useTranslation('table');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setName('');
    setError(null);
    onClose();
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
    onSave(name);
    close();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('saveSearch.title')} centered>
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
  );
}
