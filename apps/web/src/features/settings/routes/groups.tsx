import { Badge, Card, Group as Row, Skeleton, Table } from '@mantine/core';
import { IconFolders, IconMapPinPlus, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Group } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/add-button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { TooltipAction } from '../../../components/tooltip-action.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { toast } from '../../../lib/notify.ts';
import { useSiteGroups } from '../../../lib/site-groups.ts';
import { assignSites } from '../api/group-assign-sites.ts';
import { createGroup } from '../api/group-create.ts';
import { deleteGroup } from '../api/group-delete.ts';
import { editGroup } from '../api/group-edit.ts';
import { useGroupMutation } from '../api/group-mutation.ts';
import { GroupAssignModal, GroupDeleteModal, GroupNameModal } from '../components/group-modals.tsx';
import { UnassociatedSites } from '../components/unassociated-sites.tsx';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; group: Group }
  | { kind: 'assign'; group: Group }
  | { kind: 'delete'; group: Group }
  | null;

/** A group row's actions, in order; each opens its dialog (its key is also its text's). */
const GROUP_ACTIONS = [
  { kind: 'edit', icon: IconPencil, color: undefined },
  { kind: 'assign', icon: IconMapPinPlus, color: undefined },
  { kind: 'delete', icon: IconTrash, color: 'red' },
] as const;

/** Settings → Groups: the organization's site groups; ADMINISTRATORs create, rename, assign sites and delete. */
export function Component() {
  const { t } = useTranslation('groups');
  const { claims } = useAuth();
  const canWrite = claims?.role === 'ADMINISTRATOR';
  const { data: groups, isPending, error } = useSiteGroups();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const create = useGroupMutation(createGroup, (group) => {
    close();
    toast(t('created', { name: group.name }));
  });
  const edit = useGroupMutation(
    ({ id, name }: { id: string; name: string }) => editGroup(id, { name }),
    (group) => {
      close();
      toast(t('updated', { name: group.name }));
    },
  );
  const assign = useGroupMutation(
    ({ id, siteIds }: { id: string; siteIds: string[] }) => assignSites(id, siteIds),
    (group) => {
      close();
      toast(t('assigned', { name: group.name }));
    },
  );
  const remove = useGroupMutation(
    (group: Group) => deleteGroup(group.id),
    (_result, group) => {
      close();
      toast(t('removed', { name: group.name }));
    },
  );

  const sorted = [...(groups ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const selected = dialog && dialog.kind !== 'create' ? dialog.group : null;

  return (
    <PageFrame
      actions={canWrite && <AddButton onClick={() => setDialog({ kind: 'create' })}>{t('create')}</AddButton>}
      intro={!canWrite && t('readOnly')}
    >
      {isPending ? (
        <Skeleton height={200} />
      ) : error ? (
        <LoadError error={error} />
      ) : sorted.length === 0 ? (
        <EmptyState icon={IconFolders} title={t('emptyTitle')} text={t('emptyText')} />
      ) : (
        <Card withBorder radius="md" padding={0}>
          <ScrollTable
            minWidth={340}
            verticalSpacing="sm"
            horizontalSpacing="md"
            highlightOnHover
            data-testid="groups-table"
            head={
              <>
                <Table.Th>{t('name')}</Table.Th>
                <Table.Th>{t('siteCount')}</Table.Th>
                {canWrite && <Table.Th w={1}>{t('actions')}</Table.Th>}
              </>
            }
          >
            {sorted.map((group) => (
              <Table.Tr key={group.id}>
                <Table.Td fw={600}>{group.name}</Table.Td>
                <Table.Td>
                  <Badge variant="light" tt="none">
                    {t('sitesCount', { count: group.siteIds.length })}
                  </Badge>
                </Table.Td>
                {canWrite && (
                  <Table.Td>
                    <Row gap={4} wrap="nowrap">
                      {GROUP_ACTIONS.map(({ kind, icon, color }) => (
                        <TooltipAction
                          key={kind}
                          variant="subtle"
                          color={color}
                          tooltip={t(kind)}
                          label={`${t(kind)}: ${group.name}`}
                          icon={icon}
                          onClick={() => setDialog({ kind, group })}
                        />
                      ))}
                    </Row>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </ScrollTable>
        </Card>
      )}
      {canWrite && groups ? <UnassociatedSites groups={groups} /> : null}
      {canWrite && (
        <>
          <GroupNameModal
            opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
            group={dialog?.kind === 'edit' ? dialog.group : null}
            loading={create.isPending || edit.isPending}
            onClose={close}
            onSubmit={(name) =>
              dialog?.kind === 'edit' ? edit.mutate({ id: dialog.group.id, name }) : create.mutate({ name })
            }
          />
          <GroupAssignModal
            opened={dialog?.kind === 'assign'}
            group={selected}
            loading={assign.isPending}
            onClose={close}
            onSubmit={(siteIds) => selected && assign.mutate({ id: selected.id, siteIds })}
          />
          <GroupDeleteModal
            opened={dialog?.kind === 'delete'}
            group={selected}
            loading={remove.isPending}
            onClose={close}
            onConfirm={() => selected && remove.mutate(selected)}
          />
        </>
      )}
    </PageFrame>
  );
}
