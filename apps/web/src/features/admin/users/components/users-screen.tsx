import { ActionIcon, Button, Group, Menu, Select, Stack, Text } from '@mantine/core';
import {
  IconCheck,
  IconDots,
  IconMailForward,
  IconPencil,
  IconShieldOff,
  IconUsers,
  IconX,
} from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminUser } from '@vnoc/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../../components/add-button.tsx';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';
import { DataTable } from '../../../../components/data-table/data-table.tsx';
import { SearchInput } from '../../../../components/data-table/search-input.tsx';
import { serverListProps, useListParams } from '../../../../components/data-table/server-list.ts';
import { DateText } from '../../../../components/date-text.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { SiteGroupBadges } from '../../../../components/site-group-badges.tsx';
import { TooltipAction } from '../../../../components/tooltip-action.tsx';
import { useAuth } from '../../../../lib/auth-store.ts';
import { errorMessage, handleError } from '../../../../lib/error-handler.ts';
import { toast } from '../../../../lib/notify.ts';
import { useNow } from '../../../../lib/use-now.ts';
import { personName } from '../../../../lib/user-name.ts';
import { useUsers } from '../api/get-users.ts';
import {
  createUser,
  editUser,
  runUserAction,
  type UserAction,
  useUserMutation,
} from '../api/user-mutations.ts';
import { UserFormModal, type UserFormValues } from './user-form-modal.tsx';
import { UserStatusBadge } from './user-status-badge.tsx';
import { readUsersListState, usersListRequest } from './users-list-state.ts';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: AdminUser }
  | { kind: 'confirm'; action: 'reject' | 'mfa/reset'; user: AdminUser }
  | null;

const fullName = (user: Pick<AdminUser, 'firstName' | 'lastName' | 'email'>) => personName(user, user.email);

function LastSignIn({ at, now }: { at: string | null; now: number }) {
  const { t } = useTranslation('adminUsers');
  if (!at)
    return (
      <Text size="sm" c="dimmed">
        {t('never')}
      </Text>
    );
  return <DateText value={at} relative now={now} />;
}

/** Administration → Users: the organization's people, paged and searched on the server, with their actions. */
export function UsersScreen() {
  const { t } = useTranslation('adminUsers');
  const { user: me, claims } = useAuth();
  // Issue 34: support acting as an administrator may not add, invite, approve or edit people (the server refuses).
  const acting = Boolean(claims?.impersonatedBy);
  const organizationId = me?.organization.id ?? '';
  const { state, update } = useListParams(readUsersListState);
  const users = useUsers(usersListRequest(organizationId, state));
  const now = useNow(30_000);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const open = (next: Dialog) => {
    setFailure(null);
    setDialog(next);
  };
  const close = () => setDialog(null);

  const create = useUserMutation(createUser);
  const edit = useUserMutation(editUser);
  const act = useUserMutation(({ id, action }: { id: string; action: UserAction; user: AdminUser }) =>
    runUserAction(id, action),
  );

  const submit = (values: UserFormValues) => {
    setFailure(null);
    const name = { first: values.firstName.trim(), last: values.lastName.trim() };
    const common = {
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone,
      role: values.role,
      siteGroupIds: values.siteGroupIds,
    };
    const done = (key: 'created' | 'updated') => () => {
      close();
      toast(t(key, name));
    };
    const failed = (error: unknown) => setFailure(errorMessage(error));
    if (dialog?.kind === 'edit') {
      const status = dialog.user.status === 'pending' ? undefined : values.active ? 'active' : 'deactivated';
      edit.mutate({ id: dialog.user.id, ...common, status }, { onSuccess: done('updated'), onError: failed });
    } else {
      create.mutate({ email: values.email, ...common }, { onSuccess: done('created'), onError: failed });
    }
  };

  const runAction = (user: AdminUser, action: UserAction) =>
    act.mutate(
      { id: user.id, action, user },
      {
        onSuccess: () => {
          close();
          const key = {
            approve: 'approved',
            reject: 'rejected',
            'mfa/reset': 'mfaReset',
            invitation: 'invitationSent',
          }[action];
          toast(t(key, { name: fullName(user) }));
        },
        onError: handleError,
      },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: open and runAction only set state and call mutate
  const columns = useMemo<ColumnDef<AdminUser>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        enableHiding: false,
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {fullName(row.original)}
            </Text>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {row.original.email}
            </Text>
          </Stack>
        ),
      },
      { id: 'role', header: t('columns.role'), cell: ({ row }) => t(`roles.${row.original.role}`) },
      {
        id: 'status',
        header: t('columns.status'),
        cell: ({ row }) => <UserStatusBadge user={row.original} />,
      },
      {
        id: 'siteGroups',
        header: t('columns.siteGroups'),
        enableSorting: false,
        cell: ({ row }) => <SiteGroupBadges groups={row.original.siteGroups} all={t('allSites')} />,
      },
      {
        id: 'mfa',
        header: t('columns.mfa'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.mfaMethods.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('mfa.none')}
            </Text>
          ) : (
            <Text size="sm">{row.original.mfaMethods.map((m) => t(`mfa.${m}`)).join(', ')}</Text>
          ),
      },
      {
        id: 'lastSignInAt',
        header: t('columns.lastSignIn'),
        cell: ({ row }) => <LastSignIn at={row.original.lastSignInAt} now={now} />,
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        enableSorting: false,
        enableHiding: false,
        cell: ({ row }) => {
          const user = row.original;
          const name = fullName(user);
          return (
            // The row opens the edit form on click/Enter; the menu's own clicks must not.
            <Group
              gap={4}
              wrap="nowrap"
              onClick={(e) => e.stopPropagation()}
              onKeyDown={(e) => e.stopPropagation()}
            >
              {user.status === 'pending' &&
                (
                  [
                    {
                      action: 'approve',
                      color: 'green',
                      icon: IconCheck,
                      run: () => runAction(user, 'approve'),
                    },
                    // Rejecting asks first, in a confirm dialog.
                    {
                      action: 'reject',
                      color: 'red',
                      icon: IconX,
                      run: () => open({ kind: 'confirm', action: 'reject', user }),
                    },
                  ] as const
                ).map(({ action, color, icon, run }) => (
                  <TooltipAction
                    key={action}
                    variant="light"
                    color={color}
                    tooltip={t(`actions.${action}`)}
                    label={t(`actions.${action}Name`, { name })}
                    icon={icon}
                    loading={
                      action === 'approve' &&
                      act.isPending &&
                      act.variables?.id === user.id &&
                      act.variables.action === 'approve'
                    }
                    disabled={action === 'approve' && acting}
                    onClick={run}
                  />
                ))}
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={t('actions.more', { name })}>
                    <IconDots size={18} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconPencil size={16} aria-hidden />}
                    disabled={acting}
                    onClick={() => open({ kind: 'edit', user })}
                  >
                    {t('actions.edit')}
                  </Menu.Item>
                  {/* Nothing is emailed to an account that is not active (the server refuses it too). */}
                  {user.invitationPending && user.status === 'active' && (
                    <Menu.Item
                      leftSection={<IconMailForward size={16} aria-hidden />}
                      disabled={acting}
                      onClick={() => runAction(user, 'invitation')}
                    >
                      {t('actions.resendInvitation')}
                    </Menu.Item>
                  )}
                  <Menu.Item
                    leftSection={<IconShieldOff size={16} aria-hidden />}
                    disabled={user.mfaMethods.length === 0}
                    onClick={() => open({ kind: 'confirm', action: 'mfa/reset', user })}
                  >
                    {t('actions.resetMfa')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          );
        },
      },
    ],
    [t, now, act.isPending, act.variables, acting],
  );

  const filtered = Boolean(state.q || state.status);
  const empty = filtered ? (
    <EmptyState icon={IconUsers} title={t('empty.filteredTitle')} text={t('empty.filteredText')}>
      <Button variant="light" onClick={() => update({ q: null, status: null })}>
        {t('empty.clear')}
      </Button>
    </EmptyState>
  ) : (
    <EmptyState icon={IconUsers} title={t('empty.title')} text={t('empty.text')} />
  );

  const toolbar = (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <div style={{ flex: '1 1 240px', maxWidth: 420 }}>
        <SearchInput
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={state.q}
          onChange={(q) => update({ q })}
        />
      </div>
      <Select
        label={t('filter.status')}
        value={state.status ?? 'all'}
        onChange={(value) => update({ status: value === 'all' ? null : value })}
        data={[
          { value: 'all', label: t('filter.all') },
          { value: 'active', label: t('status.active') },
          { value: 'pending', label: t('status.pending') },
          { value: 'deactivated', label: t('status.deactivated') },
        ]}
        allowDeselect={false}
        w={200}
        data-testid="user-status-filter"
      />
    </Group>
  );

  const confirm = dialog?.kind === 'confirm' ? dialog : null;
  return (
    <PageFrame
      actions={
        <AddButton disabled={acting} onClick={() => open({ kind: 'create' })}>
          {t('actions.add')}
        </AddButton>
      }
    >
      {acting && (
        <Text size="sm" c="orange.8" data-testid="users-not-for-support">
          {t('notForSupport')}
        </Text>
      )}
      <DataTable<AdminUser>
        tableId="admin-users"
        label={t('tableLabel')}
        columns={columns}
        {...serverListProps(state.table, update, users)}
        onOpen={acting ? undefined : (user) => open({ kind: 'edit', user })}
        openLabel={(user) => t('actions.editName', { name: fullName(user) })}
        empty={empty}
        toolbar={toolbar}
      />
      <UserFormModal
        opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        user={dialog?.kind === 'edit' ? dialog.user : null}
        selfId={me?.id}
        loading={create.isPending || edit.isPending}
        failure={failure}
        onClose={close}
        onSubmit={submit}
      />
      <ConfirmModal
        opened={confirm !== null}
        onClose={close}
        title={confirm ? t(confirm.action === 'reject' ? 'confirm.rejectTitle' : 'confirm.resetTitle') : ''}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t(confirm?.action === 'reject' ? 'actions.reject' : 'actions.resetMfa')}
        onConfirm={() => confirm && runAction(confirm.user, confirm.action)}
        loading={act.isPending}
      >
        {confirm &&
          t(confirm.action === 'reject' ? 'confirm.rejectText' : 'confirm.resetText', {
            name: fullName(confirm.user),
          })}
      </ConfirmModal>
    </PageFrame>
  );
}
