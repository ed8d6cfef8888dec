import {
  Anchor,
  Badge,
  Button,
  Alert as Callout,
  Divider,
  Drawer,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconTicket } from '@tabler/icons-react';
import type { Alert, AlertDetail } from '@vnoc/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertDeviceLink } from '../../../components/alert-device-link.tsx';
import { AlertMarkBadge } from '../../../components/alert-mark-badge.tsx';
import { AlertSeverityBadge } from '../../../components/alert-severity-badge.tsx';
import { Field } from '../../../components/field.tsx';
import { PlainList } from '../../../components/plain-list.tsx';
import { actorName } from '../../../lib/actor-name.ts';
import {
  alertDescription,
  alertDeviceAndPlace,
  alertDeviceLabel,
  alertMeasuredText,
  alertName,
  alertPlace,
  sortAlerts,
} from '../../../lib/alert-display.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { errorMessage } from '../../../lib/error-handler.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { canChange } from '../../../lib/permissions.ts';
import { useAcknowledgeAlert } from '../api/acknowledge-alert.ts';
import { useAssignAlert } from '../api/assign-alert.ts';
import { useAlert } from '../api/get-alert.ts';
import { useAssignees } from '../api/get-assignees.ts';
import { type AlertTicketPrefill, alertTicketPrefill } from '../utils/ticket-prefill.ts';
import { AlertNotes } from './alert-notes.tsx';
import { AlertTicketLink } from './alert-ticket-link.tsx';

/** Renders "Open a ticket" for an alert (composed in app/, where the tickets feature is at hand). */
export type AlertTicketAction = (prefill: AlertTicketPrefill) => ReactNode;

const NOBODY = '__nobody__';

function AssignSelect({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alerts');
  const assignees = useAssignees();
  const assign = useAssignAlert((saved) =>
    toast(saved.assignee ? t('detail.assigned', { name: saved.assignee.name }) : t('detail.unassigned')),
  );
  const data = [
    { value: NOBODY, label: t('detail.nobody') },
    ...(assignees.data ?? []).map((person) => ({
      value: person.id,
      label: `${person.name} (${person.username})`,
    })),
  ];
  // The current assignee stays a choice while the list loads (or if they left the organization).
  if (alert.assignee && !data.some((item) => item.value === alert.assignee?.id)) {
    data.push({ value: alert.assignee.id, label: alert.assignee.name });
  }
  return (
    <Select
      label={t('detail.assign')}
      description={
        alert.assignedBy ? t('detail.assignedBy', { name: actorName(alert.assignedBy) }) : undefined
      }
      data={data}
      value={alert.assignee?.id ?? NOBODY}
      onChange={(value) => {
        const userId = value === NOBODY || value === null ? null : value;
        if (userId !== (alert.assignee?.id ?? null)) assign.mutate({ id: alert.id, userId });
      }}
      allowDeselect={false}
      searchable
      disabled={assign.isPending}
      w={{ base: '100%', xs: 260 }}
      data-testid="alert-assign"
    />
  );
}

/** A related alert (root or dependent) as a button that opens it in the drawer. */
function RelatedAlert({ alert, onOpen }: { alert: Alert; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation('alerts');
  const where = alertDeviceAndPlace(alert, ' · ');
  const measured = alertMeasuredText(alert, i18n.language);
  return (
    <Paper component="li" withBorder radius="sm" p={0}>
      <UnstyledButton
        onClick={() => onOpen(alert.id)}
        p="xs"
        w="100%"
        aria-label={t('detail.openRelated', { name: alertName(alert.code, i18n.language), where })}
        data-testid="related-alert"
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <AlertSeverityBadge severity={alert.severity} />
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Text size="sm" fw={600}>
              {alertName(alert.code, i18n.language)}
              {alert.status === 'cleared' && (
                <Text span size="xs" c="dimmed" ml={6}>
                  {t('status.cleared')}
                </Text>
              )}
            </Text>
            {where && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {where}
              </Text>
            )}
            {measured && (
              <Text size="xs" c="dimmed">
                {measured}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('raisedAt', { date: formatDate(alert.raisedAt) })}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
    </Paper>
  );
}

interface AlertDetailViewProps {
  detail: AlertDetail;
  onOpenAlert: (id: string) => void;
  ticketAction?: AlertTicketAction;
}

/** The alert: what, where, when, what was measured; who acknowledged or owns it; its root, dependents and notes. */
export function AlertDetailView({ detail, onOpenAlert, ticketAction }: AlertDetailViewProps) {
  const { t, i18n } = useTranslation('alerts');
  const lang = i18n.language;
  const { claims } = useAuth();
  const canAct = canChange(claims?.role);
  const acknowledge = useAcknowledgeAlert((saved) =>
    toast(t('detail.acknowledged', { name: alertName(saved.code, lang) })),
  );
  const measured = alertMeasuredText(detail, lang);
  // The detail names the device and gives its MAC, as support asks for it.
  const device = alertDeviceLabel(detail, { withMac: true });
  // While the alert has an open ticket, that ticket is offered instead of sending a second one.
  const openTicket = detail.ticket?.status === 'open' ? detail.ticket : null;
  const prefill = ticketAction && !openTicket ? alertTicketPrefill(detail, t, lang) : null;
  const dependents = sortAlerts(detail.dependentAlerts);

  return (
    <Stack gap="md" data-testid="alert-detail">
      <Group gap="xs" wrap="wrap">
        <AlertSeverityBadge severity={detail.severity} size="md" />
        <Badge
          variant="light"
          color={detail.status === 'active' ? 'red' : 'gray'}
          radius="sm"
          styles={{ label: { textTransform: 'none' } }}
          data-testid="alert-status"
        >
          {t(`status.${detail.status}`)}
        </Badge>
        {detail.inMaintenance && <AlertMarkBadge mark="maintenance">{t('marks.maintenance')}</AlertMarkBadge>}
        {detail.acknowledgedAt && (
          <AlertMarkBadge mark="acknowledged">{t('marks.acknowledged')}</AlertMarkBadge>
        )}
      </Group>
      <Text size="sm">{alertDescription(detail, lang)}</Text>
      {measured && (
        <Paper withBorder radius="sm" p="sm" data-testid="alert-measured">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
            {t('detail.measured')}
          </Text>
          <Text size="sm">{measured}</Text>
        </Paper>
      )}

      {detail.root && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('detail.causedBy')}
          </Text>
          <PlainList>
            <RelatedAlert alert={detail.root} onOpen={onOpenAlert} />
          </PlainList>
        </Stack>
      )}

      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Field label={t('detail.site')}>
          {detail.siteId && detail.siteName ? (
            <Anchor component={Link} to={paths.site(detail.siteId)} size="sm">
              {detail.siteName}
            </Anchor>
          ) : (
            <Text size="sm">{detail.region ? t('list.region', { region: detail.region }) : '—'}</Text>
          )}
        </Field>
        <Field label={t('detail.device')}>
          <AlertDeviceLink alert={detail} style={{ overflowWrap: 'anywhere' }}>
            {device || t('detail.openDevice')}
          </AlertDeviceLink>
        </Field>
        <Field label={t('detail.raisedAt')}>
          <Text size="sm">{formatDate(detail.raisedAt)}</Text>
        </Field>
        <Field label={t('detail.lastSeenAt')}>
          <Text size="sm">{formatDate(detail.lastSeenAt)}</Text>
        </Field>
        {detail.clearedAt && (
          <Field label={t('detail.clearedAt')}>
            <Text size="sm">{formatDate(detail.clearedAt)}</Text>
          </Field>
        )}
        <Field label={t('detail.occurrences')}>
          <Text size="sm">{detail.occurrences}</Text>
        </Field>
        <Field label={t('detail.acknowledgement')}>
          <Text size="sm" data-testid="alert-acknowledged-by">
            {detail.acknowledgedBy && detail.acknowledgedAt
              ? t('detail.acknowledgedByAt', {
                  name: actorName(detail.acknowledgedBy),
                  date: formatDate(detail.acknowledgedAt),
                })
              : t('detail.notAcknowledged')}
          </Text>
        </Field>
        {detail.ticket && (
          <Field label={t('detail.ticket')}>
            <AlertTicketLink ticket={detail.ticket} size="sm" />
          </Field>
        )}
        {!canAct && (
          <Field label={t('detail.assignee')}>
            <Text size="sm">{detail.assignee?.name ?? t('detail.nobody')}</Text>
          </Field>
        )}
      </SimpleGrid>

      {(canAct || prefill || openTicket) && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {canAct && <AssignSelect alert={detail} />}
          {canAct && !detail.acknowledgedAt && detail.status === 'active' && (
            <Button
              leftSection={<IconCheck size={16} aria-hidden />}
              loading={acknowledge.isPending}
              onClick={() => acknowledge.mutate(detail.id)}
              data-testid="alert-acknowledge"
            >
              {t('detail.acknowledge')}
            </Button>
          )}
          {prefill && ticketAction?.(prefill)}
          {openTicket && (
            <Button
              component={Link}
              to={paths.ticket(openTicket.id)}
              variant="default"
              leftSection={<IconTicket size={16} aria-hidden />}
              data-testid="alert-open-ticket"
            >
              {t('detail.openExistingTicket', { number: openTicket.number })}
            </Button>
          )}
        </Group>
      )}

      {dependents.length > 0 && (
        <>
          <Divider />
          <Stack gap="xs" component="section" aria-labelledby="alert-dependents-title">
            <Text fw={700} id="alert-dependents-title">
              {t('detail.dependents', { count: dependents.length })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('detail.dependentsText')}
            </Text>
            <PlainList data-testid="alert-dependents">
              {dependents.map((dependent) => (
                <RelatedAlert key={dependent.id} alert={dependent} onOpen={onOpenAlert} />
              ))}
            </PlainList>
          </Stack>
        </>
      )}

      <Divider />
      <AlertNotes detail={detail} canAct={canAct} />
    </Stack>
  );
}

interface AlertDetailDrawerProps {
  alertId: string | null;
  onClose: () => void;
  onOpenAlert: (id: string) => void;
  ticketAction?: AlertTicketAction;
}

/** The alert's detail in a drawer (full screen on a phone); its id lives in the address bar. */
export function AlertDetailDrawer({ alertId, onClose, onOpenAlert, ticketAction }: AlertDetailDrawerProps) {
  const { t, i18n } = useTranslation('alerts');
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const { data: detail, isPending, error } = useAlert(alertId);
  const title = detail ? (
    <Text span fw={700} fz="lg">
      {alertName(detail.code, i18n.language)}
      {alertPlace(detail) && (
        <Text span c="dimmed" fw={500} inherit>
          {' — '}
          {alertPlace(detail)}
        </Text>
      )}
    </Text>
  ) : (
    t('detail.title')
  );
  const notFound = error instanceof ApiError && error.status === 404;
  const opened = alertId !== null;
  // Escape closes the topmost dialog only: with the ticket form open over the drawer, the form. (Mantine's
  // own Escape handling would close the drawer first: it listens first.) Listening while bubbling, the
  // form's dialog is still in the page when its own Escape has just closed it.
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !opened || event.isComposing) return;
    // An open dropdown (the assignee select) takes its own Escape, as Mantine marks it.
    if ((event.target as HTMLElement | null)?.getAttribute?.('data-mantine-stop-propagation') === 'true')
      return;
    if (document.querySelectorAll('[role="dialog"][aria-modal="true"]').length > 1) return;
    onClose();
  });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      closeOnEscape={false}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title={title}
      closeButtonProps={{ 'aria-label': t('detail.close') }}
      data-testid="alert-drawer"
    >
      {error ? (
        <Callout color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {notFound ? t('detail.notFound') : errorMessage(error)}
        </Callout>
      ) : isPending || !detail ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={24} width={200} />
          <Skeleton height={60} />
          <Skeleton height={160} />
        </Stack>
      ) : (
        <AlertDetailView detail={detail} onOpenAlert={onOpenAlert} ticketAction={ticketAction} />
      )}
    </Drawer>
  );
}
