import { Button, Modal, Group as Row, Stack, Text, TextInput } from '@mantine/core';
import type { Group } from '@vnoc/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { SiteMultiSelect } from '../../../components/site-multi-select.tsx';
import { useGroupSiteNames } from '../api/get-group-site-names.ts';

const MAX_NAME = 100;

interface NameModalProps {
  opened: boolean;
  /** The group being renamed; null to create one. */
  group: Group | null;
  loading: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** Create a group, or rename one: its name (required, at most 100 characters). */
export function GroupNameModal({ opened, group, loading, onClose, onSubmit }: NameModalProps) {
  const { t } = useTranslation('groups');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setName(group?.name ?? '');
      setError(null);
    }
  }, [opened, group]);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={group ? t('editTitle') : t('createTitle')}
      centered
      onSubmit={() => {
        if (name.trim() === '') {
          setError(t('nameRequired'));
          return;
        }
        onSubmit(name.trim());
      }}
      submitLabel={group ? t('save') : t('create')}
      loading={loading}
      submitTestId="group-name-save"
    >
      <TextInput
        label={t('name')}
        value={name}
        maxLength={MAX_NAME}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        data-autofocus
        required
        data-testid="group-name-input"
      />
    </FormModal>
  );
}

interface AssignModalProps {
  opened: boolean;
  group: Group | null;
  loading: boolean;
  onClose: () => void;
  onSubmit: (siteIds: string[]) => void;
}

/**
 * Assign sites: the group's sites by name, and more found by a server search as you type (any fleet size);
 * saving replaces the group's sites.
 */
export function GroupAssignModal({ opened, group, loading, onClose, onSubmit }: AssignModalProps) {
  const { t } = useTranslation('groups');
  const names = useGroupSiteNames(opened && group ? group.id : null);
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => {
    if (opened) setSelected(group?.siteIds ?? []);
  }, [opened, group]);
  const waiting = Boolean(group?.siteIds.length) && names.isPending;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('assignTitle', { name: group?.name ?? '' })}
      centered
      size="lg"
    >
      <Stack>
        <SiteMultiSelect
          label={t('sites')}
          placeholder={waiting ? t('loadingSites') : t('searchSites')}
          value={selected}
          onChange={setSelected}
          knownNames={names.data}
          maxDropdownHeight={260}
          disabled={waiting}
          data-testid="group-sites-select"
        />
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="group-selected-count">
          {t('selectedCount', { count: selected.length })}
        </Text>
        <Row justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button loading={loading} onClick={() => onSubmit(selected)} data-testid="group-assign-save">
            {t('save')}
          </Button>
        </Row>
      </Stack>
    </Modal>
  );
}

interface DeleteModalProps {
  opened: boolean;
  group: Group | null;
  loading: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** Confirms removing a group (its sites stay; only the grouping goes). */
export function GroupDeleteModal({ opened, group, loading, onClose, onConfirm }: DeleteModalProps) {
  const { t } = useTranslation('groups');
  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      title={t('deleteTitle')}
      cancelLabel={t('cancel')}
      confirmLabel={t('delete')}
      onConfirm={onConfirm}
      loading={loading}
      confirmTestId="group-delete-confirm"
      centered
    >
      {t('deleteText', { name: group?.name ?? '' })}
    </ConfirmModal>
  );
}
