import {
  Badge,
  Button,
  type ButtonProps,
  Code,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  type Icon,
  IconAlertTriangle,
  IconBrandSlack,
  IconBrandTeams,
  IconCheck,
  IconJson,
  IconKey,
  IconListDetails,
  IconPencil,
  IconPlayerPlay,
  IconSend,
  IconTicket,
  IconTrash,
  IconUrgent,
  IconWebhook,
} from '@tabler/icons-react';
import type { Webhook, WebhookPreset, WebhookStatus, WebhookTestResult } from '@vnoc/contracts';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../../components/add-button.tsx';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';
import { CopyValueButton } from '../../../../components/copy-value.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { errorMessage } from '../../../../lib/error-handler.ts';
import { toast } from '../../../../lib/notify.ts';
import {
  createWebhook,
  deleteWebhook,
  resumeWebhook,
  rotateSecret,
  sendTest,
  updateWebhook,
  useWebhookMutation,
  useWebhooks,
} from '../api/webhooks.ts';
import { DeliveriesModal } from './deliveries-modal.tsx';
import { requestOf, WebhookFormModal, type WebhookFormValues } from './webhook-form-modal.tsx';

const PRESET_ICONS: Record<WebhookPreset, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  generic: IconJson,
  slack: IconBrandSlack,
  teams: IconBrandTeams,
  pagerduty: IconUrgent,
  servicenow: IconTicket,
};
const STATUS_COLOURS: Record<WebhookStatus, string> = { active: 'green', failing: 'orange', paused: 'red' };

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; webhook: Webhook }
  | { kind: 'log'; webhook: Webhook }
  | { kind: 'delete'; webhook: Webhook }
  | { kind: 'secret'; webhook: Webhook; secret: string }
  | { kind: 'test'; webhook: Webhook; result: WebhookTestResult }
  | null;

/** One button of a webhook's row. */
interface RowAction {
  id: string;
  label: string;
  icon: Icon;
  variant?: ButtonProps['variant'];
  color?: string;
  loading?: boolean;
  run: () => void;
}

/** Administration → Webhooks: the organization's destinations, their format, events, sites and state. */
export function WebhooksScreen() {
  const { t } = useTranslation('adminWebhooks');
  const webhooks = useWebhooks();
  const [dialog, setDialog] = useState<Dialog>(null);
  const create = useWebhookMutation(createWebhook);
  const update = useWebhookMutation(updateWebhook);
  const remove = useWebhookMutation(deleteWebhook);
  const rotate = useWebhookMutation(rotateSecret);
  const test = useWebhookMutation(sendTest);
  const resume = useWebhookMutation(resumeWebhook);
  const close = () => {
    setDialog(null);
    create.reset();
    update.reset();
  };
  const failed = (error: unknown) => toast(errorMessage(error), 'danger');

  const submit = (values: WebhookFormValues) => {
    const body = requestOf(values);
    if (dialog?.kind === 'edit')
      update.mutate(
        { id: dialog.webhook.id, body },
        {
          onSuccess: () => {
            close();
            toast(t('saved'));
          },
        },
      );
    else
      create.mutate(body, {
        onSuccess: ({ webhook, secret }) => {
          create.reset();
          setDialog({ kind: 'secret', webhook, secret });
        },
      });
  };

  /** A webhook's actions, in the order of its row (resume only while it is paused). */
  const rowActions = (w: Webhook): RowAction[] => {
    const busy = (m: { isPending: boolean; variables?: unknown }) => m.isPending && m.variables === w.id;
    const onTested = (result: WebhookTestResult) => setDialog({ kind: 'test', webhook: w, result });
    return [
      {
        id: 'test',
        label: t('actions.test'),
        icon: IconSend,
        variant: 'filled',
        loading: busy(test),
        run: () => test.mutate(w.id, { onSuccess: onTested, onError: failed }),
      },
      {
        id: 'log',
        label: t('actions.log'),
        icon: IconListDetails,
        run: () => setDialog({ kind: 'log', webhook: w }),
      },
      {
        id: 'edit',
        label: t('actions.edit'),
        icon: IconPencil,
        run: () => setDialog({ kind: 'edit', webhook: w }),
      },
      {
        id: 'rotate',
        label: t('actions.rotate'),
        icon: IconKey,
        loading: busy(rotate),
        run: () =>
          rotate.mutate(w.id, {
            onSuccess: ({ webhook, secret }) => setDialog({ kind: 'secret', webhook, secret }),
            onError: failed,
          }),
      },
      ...(w.status === 'paused'
        ? [
            {
              id: 'resume',
              label: t('actions.resume'),
              icon: IconPlayerPlay,
              variant: 'light',
              loading: busy(resume),
              run: () => resume.mutate(w.id, { onSuccess: () => toast(t('resumed')), onError: failed }),
            },
          ]
        : []),
      {
        id: 'delete',
        label: t('actions.delete'),
        icon: IconTrash,
        variant: 'subtle',
        color: 'red',
        run: () => setDialog({ kind: 'delete', webhook: w }),
      },
    ];
  };

  let body: React.ReactNode;
  if (webhooks.isPending)
    body = (
      <Group justify="center" p="xl">
        <Loader aria-label={t('loading')} />
      </Group>
    );
  else if (webhooks.isError)
    body = (
      <LoadError
        error={webhooks.error}
        title={t('loadFailed')}
        onRetry={() => void webhooks.refetch()}
        retryLabel={t('actions.retry')}
      />
    );
  else if (webhooks.data.length === 0)
    body = <EmptyState icon={IconWebhook} title={t('empty.title')} text={t('empty.text')} />;
  else
    body = (
      <Stack gap="sm" data-testid="webhooks">
        {webhooks.data.map((w) => {
          const Icon = PRESET_ICONS[w.preset];
          const scope =
            w.siteIds.length + w.groupIds.length === 0
              ? t('allSites')
              : t('someSites', { sites: w.siteIds.length, groups: w.groupIds.length });
          return (
            <Paper key={w.id} withBorder p="md" radius="md" data-testid="webhook">
              <Group justify="space-between" align="flex-start" gap="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                  <Icon size={28} aria-hidden />
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Title order={2} fz="md">
                      {w.name}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {t(`presets.${w.preset}`)} · <Code>{w.host}</Code>
                    </Text>
                    <Text size="sm">{scope}</Text>
                  </Stack>
                </Group>
                <Badge color={STATUS_COLOURS[w.status]} variant="light" data-testid="webhook-status">
                  {t(`status.${w.status}`)}
                </Badge>
              </Group>
              <Group gap={6} mt="sm">
                {w.events.map((e) => (
                  <Badge key={e} variant="outline" color="gray" size="sm" tt="none">
                    {t(`events.${e}`)}
                  </Badge>
                ))}
              </Group>
              {w.status === 'paused' && (
                <Notice icon={IconAlertTriangle} color="red" mt="sm">
                  {t('pausedText')}
                </Notice>
              )}
              <Group gap="xs" mt="md">
                {rowActions(w).map(({ id, label, icon: Shown, variant = 'default', color, loading, run }) => (
                  <Button
                    key={id}
                    size="xs"
                    variant={variant}
                    color={color}
                    leftSection={<Shown size={14} aria-hidden />}
                    loading={loading}
                    onClick={run}
                  >
                    {label}
                  </Button>
                ))}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );

  const deleting = dialog?.kind === 'delete' ? dialog.webhook : null;
  return (
    <PageFrame
      actions={
        <AddButton onClick={() => setDialog({ kind: 'create' })} data-testid="webhook-add">
          {t('actions.add')}
        </AddButton>
      }
      intro={t('intro')}
    >
      {body}
      <WebhookFormModal
        opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        webhook={dialog?.kind === 'edit' ? dialog.webhook : null}
        loading={create.isPending || update.isPending}
        failure={create.error ?? update.error}
        onClose={close}
        onSubmit={submit}
      />
      <DeliveriesModal webhook={dialog?.kind === 'log' ? dialog.webhook : null} onClose={close} />
      <Modal opened={dialog?.kind === 'secret'} onClose={close} title={t('secret.title')}>
        {dialog?.kind === 'secret' && (
          <Stack gap="md">
            <Text size="sm">{t('secret.text', { name: dialog.webhook.name })}</Text>
            <Code
              block
              data-testid="webhook-secret"
              style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            >
              {dialog.secret}
            </Code>
            {dialog.webhook.previousSecretUntil && <Text size="sm">{t('secret.overlap')}</Text>}
            <Group justify="flex-end">
              <CopyValueButton
                value={dialog.secret}
                copyLabel={t('secret.copy')}
                copiedLabel={t('secret.copied')}
              />
              <Button onClick={close}>{t('actions.done')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal opened={dialog?.kind === 'test'} onClose={close} title={t('test.title')}>
        {dialog?.kind === 'test' && (
          <Stack gap="md" data-testid="webhook-test-result">
            <Notice
              icon={dialog.result.ok ? IconCheck : IconAlertTriangle}
              color={dialog.result.ok ? 'green' : 'red'}
              title={dialog.result.ok ? t('test.ok') : t('test.failed')}
            >
              {dialog.result.status !== null
                ? t('test.status', { status: dialog.result.status })
                : dialog.result.error}
            </Notice>
            {dialog.result.body && (
              <>
                <Text size="sm" fw={500}>
                  {t('test.body')}
                </Text>
                <Code
                  block
                  style={{ maxHeight: 200, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                >
                  {dialog.result.body}
                </Code>
              </>
            )}
            <Group justify="flex-end">
              <Button onClick={close}>{t('actions.done')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmModal
        opened={deleting !== null}
        onClose={close}
        title={t('delete.title')}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('actions.delete')}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              close();
              toast(t('deleted'));
            },
            onError: failed,
          })
        }
        loading={remove.isPending}
        lockCancel
        focus="confirm"
      >
        {deleting && t('delete.text', { name: deleting.name })}
      </ConfirmModal>
    </PageFrame>
  );
}
