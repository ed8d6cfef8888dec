import { Badge, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import type { ApiKey, CreatedApiKey } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../../components/add-button.tsx';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';
import { DateText } from '../../../../components/date-text.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { MonoText } from '../../../../components/mono-text.tsx';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { ScrollTable } from '../../../../components/scroll-table.tsx';
import { SiteGroupBadges } from '../../../../components/site-group-badges.tsx';
import { TooltipAction } from '../../../../components/tooltip-action.tsx';
import { useAuth } from '../../../../lib/auth-store.ts';
import { toast } from '../../../../lib/notify.ts';
import { useNarrow } from '../../../../lib/use-narrow.ts';
import { useNow } from '../../../../lib/use-now.ts';
import { createApiKey, revokeApiKey, useApiKeyMutation, useApiKeys } from '../api/api-keys.ts';
import { ApiKeyFormModal, type ApiKeyFormValues, requestOf } from './api-key-form-modal.tsx';

type Dialog = { kind: 'create' } | { kind: 'revoke'; key: ApiKey } | null;

/** Whether the key opens anything now (not revoked, not past its expiry). */
const usable = (key: ApiKey, now: number) =>
  !key.revokedAt && (key.expiresAt === null || Date.parse(key.expiresAt) > now);

function KeyState({ apiKey, now }: { apiKey: ApiKey; now: number }) {
  const { t } = useTranslation('apiKeys');
  if (apiKey.revokedAt)
    return (
      <Badge color="gray" variant="light">
        {t('state.revoked')}
      </Badge>
    );
  if (!usable(apiKey, now))
    return (
      <Badge color="orange" variant="light">
        {t('state.expired')}
      </Badge>
    );
  return (
    <Badge color="green" variant="light">
      {t('state.active')}
    </Badge>
  );
}

/** The key's facts, each with its label: a table row's cells, or a card's lines on a phone. */
function useFacts(now: number) {
  const { t } = useTranslation('apiKeys');
  return (key: ApiKey) => [
    { id: 'prefix', label: t('columns.prefix'), value: <MonoText>{`vnoc_${key.prefix}_…`}</MonoText> },
    { id: 'role', label: t('columns.role'), value: <Text size="sm">{t(`roles.${key.role}`)}</Text> },
    {
      id: 'siteGroups',
      label: t('columns.siteGroups'),
      value: <SiteGroupBadges groups={key.siteGroups} all={t('allSites')} />,
    },
    {
      id: 'expiresAt',
      label: t('columns.expires'),
      value: key.expiresAt ? (
        <DateText value={key.expiresAt} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('never')}
        </Text>
      ),
    },
    {
      id: 'lastUsed',
      label: t('columns.lastUsed'),
      value: key.lastUsedAt ? (
        <Stack gap={0}>
          <DateText value={key.lastUsedAt} relative now={now} />
          <Text size="xs" c="dimmed">
            {key.lastUsedAddress}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('neverUsed')}
        </Text>
      ),
    },
    {
      id: 'createdBy',
      label: t('columns.createdBy'),
      value: (
        <Stack gap={0}>
          <Text size="sm">{key.createdBy}</Text>
          <DateText value={key.createdAt} size="xs" c="dimmed" />
        </Stack>
      ),
    },
  ];
}

/**
 * Administration → API keys (issue 38, ADMINISTRATOR): the organization's keys with their role, site groups,
 * expiry and last use; a new key is shown once; revoking one asks first and takes effect at once.
 */
export function ApiKeysScreen() {
  const { t } = useTranslation('apiKeys');
  const { claims } = useAuth();
  // Support acting as an administrator may not make or revoke keys (the server refuses it too).
  const acting = Boolean(claims?.impersonatedBy);
  const keys = useApiKeys();
  const now = useNow(30_000);
  const narrow = useNarrow();
  const facts = useFacts(now);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [made, setMade] = useState<CreatedApiKey | null>(null);
  const open = (next: Dialog) => {
    setFailure(null);
    setMade(null);
    setDialog(next);
  };
  const close = () => {
    setDialog(null);
    setMade(null);
  };
  const create = useApiKeyMutation(createApiKey);
  const revoke = useApiKeyMutation(revokeApiKey);

  const submit = (values: ApiKeyFormValues) => {
    setFailure(null);
    create.mutate(requestOf(values), { onSuccess: setMade, onError: setFailure });
  };
  const confirmRevoke = (key: ApiKey) =>
    revoke.mutate(key, {
      onSuccess: () => {
        setDialog(null);
        toast(t('revoked', { name: key.name }));
      },
      onError: setFailure,
    });

  const revokeButton = (key: ApiKey) =>
    !key.revokedAt && (
      <TooltipAction
        variant="subtle"
        color="red"
        tooltip={t('actions.revoke')}
        label={t('actions.revokeName', { name: key.name })}
        icon={IconTrash}
        disabled={acting}
        onClick={() => open({ kind: 'revoke', key })}
      />
    );

  const list = keys.data ?? [];
  const content = keys.isPending ? (
    <Skeleton height={200} />
  ) : keys.error ? (
    <LoadError error={keys.error} onRetry={() => void keys.refetch()} retryLabel={t('retry')} />
  ) : list.length === 0 ? (
    <EmptyState icon={IconKey} title={t('empty.title')} text={t('empty.text')} />
  ) : narrow ? (
    <Stack gap="sm" data-testid="api-keys-cards">
      {list.map((key) => (
        <Card key={key.id} withBorder radius="md" data-testid="api-key-row">
          <Group justify="space-between" wrap="nowrap" mb="xs">
            <Group gap="xs">
              <Text fw={600}>{key.name}</Text>
              <KeyState apiKey={key} now={now} />
            </Group>
            {revokeButton(key)}
          </Group>
          <Stack gap={6}>
            {facts(key).map((fact) => (
              <Group key={fact.id} gap="xs" align="flex-start" wrap="nowrap">
                <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
                  {fact.label}
                </Text>
                {fact.value}
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  ) : (
    <Card withBorder radius="md" padding={0}>
      <ScrollTable
        minWidth={900}
        verticalSpacing="sm"
        horizontalSpacing="sm"
        data-testid="api-keys-table"
        head={
          <>
            {/* Room for a name and its state badge ("ACTIVA" was cut to "ACTI…" in Spanish at 1366 px). */}
            <Table.Th miw={130}>{t('columns.name')}</Table.Th>
            {facts(list[0] as ApiKey).map((fact) => (
              <Table.Th key={fact.id}>{fact.label}</Table.Th>
            ))}
            <Table.Th w={1}>{t('columns.actions')}</Table.Th>
          </>
        }
      >
        {list.map((key) => (
          <Table.Tr key={key.id} data-testid="api-key-row">
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <Text size="sm" fw={600}>
                  {key.name}
                </Text>
                <KeyState apiKey={key} now={now} />
              </Stack>
            </Table.Td>
            {facts(key).map((fact) => (
              <Table.Td key={fact.id}>{fact.value}</Table.Td>
            ))}
            <Table.Td>{revokeButton(key)}</Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
    </Card>
  );

  const revoking = dialog?.kind === 'revoke' ? dialog.key : null;
  return (
    <PageFrame
      actions={
        <AddButton disabled={acting} onClick={() => open({ kind: 'create' })} data-testid="api-key-create">
          {t('actions.add')}
        </AddButton>
      }
      intro={t('intro')}
    >
      {acting && (
        <Text size="sm" c="orange.8">
          {t('notForSupport')}
        </Text>
      )}
      {content}
      <ApiKeyFormModal
        opened={dialog?.kind === 'create'}
        loading={create.isPending}
        failure={failure}
        made={made}
        onClose={close}
        onSubmit={submit}
      />
      <ConfirmModal
        opened={revoking !== null}
        onClose={close}
        title={t('confirm.revokeTitle')}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('actions.revoke')}
        onConfirm={() => revoking && confirmRevoke(revoking)}
        loading={revoke.isPending}
        error={failure}
        confirmTestId="api-key-revoke-confirm"
      >
        {revoking && t('confirm.revokeText', { name: revoking.name })}
      </ConfirmModal>
    </PageFrame>
  );
}
