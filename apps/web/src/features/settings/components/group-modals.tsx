import { Button, Modal, MultiSelect, Group as Row, Stack, Text, TextInput } from '@mantine/core';
import type { Group } from '@vnoc/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapSites } from '../../../lib/map-sites.ts';

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
    <Modal opened={opened} onClose={onClose} title={group ? t('editTitle') : t('createTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '') {
            setError(t('nameRequired'));
            return;
          }
          onSubmit(name.trim());
        }}
      >
        <Stack>
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
          <Row justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={loading} data-testid="group-name-save">
              {group ? t('save') : t('create')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}

interface AssignModalProps {
  opened: boolean;
  group: Group | null;
  loading: boolean;
  onClose: () => void;
  onSubmit: (siteIds: string[]) => void;
}

/** Assign sites: a searchable multi-select of the organization's sites; saving replaces the group's sites. */
export function GroupAssignModal({ opened, group, loading, onClose, onSubmit }: AssignModalProps) {
  const { t } = useTranslation('groups');
  const { data: sites, isPending } = useMapSites();
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => {
    if (opened) setSelected(group?.siteIds ?? []);
  }, [opened, group]);
  const options = useMemo(
    () =>
      (sites ?? []).map((site) => ({
        value: site.id,
        label: site.alias ? `${site.name} (${site.alias})` : site.name,
      })),
    [sites],
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('assignTitle', { name: group?.name ?? '' })}
      centered
      size="lg"
    >
      <Stack>
        <MultiSelect
          label={t('sites')}
          placeholder={isPending ? t('loadingSites') : t('searchSites')}
          data={options}
          value={selected}
          onChange={setSelected}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={260}
          nothingFoundMessage={t('noSitesFound')}
          disabled={isPending}
          data-testid="group-sites-select"
        />
        <Text size="sm" c="dimmed">
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
    <Modal opened={opened} onClose={onClose} title={t('deleteTitle')} centered>
      <Stack>
        <Text>{t('deleteText', { name: group?.name ?? '' })}</Text>
        <Row justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm} data-testid="group-delete-confirm">
            {t('delete')}
          </Button>
        </Row>
      </Stack>
    </Modal>
  );
}
