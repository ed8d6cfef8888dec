import { Anchor, Button, Card, Grid, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Icon as TablerIcon } from '@tabler/icons-react';
import { IconBuildingStore, IconLock, IconLockOpen, IconRouter, IconTicket } from '@tabler/icons-react';
import type { Ticket } from '@vnoc/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link.tsx';
import { DeviceStatusBadge } from '../../../components/device-status-badge.tsx';
import { Field } from '../../../components/field.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { PageLoadFailed } from '../../../components/page-load-failed.tsx';
import { TicketConversation } from '../../../components/ticket-thread.tsx';
import { actorName } from '../../../lib/actor-name.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { deviceKindLabelKey } from '../../../lib/device-kind.ts';
import { fleetText } from '../../../lib/fleet-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { canChange } from '../../../lib/permissions.ts';
import { useTicket } from '../api/get-ticket.ts';
import { useSetTicketStatus } from '../api/set-ticket-status.ts';
import { TicketAlert } from '../components/ticket-alert.tsx';
import { TicketDiagnostics } from '../components/ticket-diagnostics.tsx';
import { TicketStatusBadge } from '../components/ticket-status-badge.tsx';

/** Close an open ticket, or reopen a closed one (ADMINISTRATOR, USER). */
function TicketStatusButton({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('tickets');
  const setStatus = useSetTicketStatus((saved) =>
    toast(
      saved.status === 'closed'
        ? t('detail.closed', { number: saved.number })
        : t('detail.reopened', { number: saved.number }),
    ),
  );
  const open = ticket.status === 'open';
  return (
    <Button
      variant={open ? 'default' : 'light'}
      leftSection={open ? <IconLock size={16} aria-hidden /> : <IconLockOpen size={16} aria-hidden />}
      loading={setStatus.isPending}
      onClick={() => setStatus.mutate({ id: ticket.id, status: open ? 'closed' : 'open' })}
      data-testid="ticket-status-toggle"
    >
      {open ? t('detail.close') : t('detail.reopen')}
    </Button>
  );
}

function TicketView({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('tickets');
  const { claims } = useAuth();
  const { device, site } = ticket;
  const title = (
    <span style={{ overflowWrap: 'anywhere' }}>
      <Text span inherit c="dimmed" ff="monospace" mr="xs">
        {t('number', { number: ticket.number })}
      </Text>
      {ticket.subject}
    </span>
  );
  return (
    <PageFrame
      title={title}
      actions={canChange(claims?.role) ? <TicketStatusButton ticket={ticket} /> : undefined}
    >
      <Group gap="sm" wrap="wrap" mt={-8}>
        <TicketStatusBadge status={ticket.status} />
        <BackLink to={paths.tickets}>{t('detail.backToList')}</BackLink>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="lg" h="100%">
            <Stack gap="md">
              <Field label={t('detail.sentBy')}>
                <Text data-testid="ticket-sent-by">{actorName(ticket.createdBy)}</Text>
              </Field>
              <Field label={t('detail.sentAt')}>
                <Text>{formatDate(ticket.createdAt)}</Text>
              </Field>
              <Field label={t('detail.updatedAt')}>
                <Text>{formatDate(ticket.updatedAt)}</Text>
              </Field>
              <Field label={t('detail.emailedTo')}>
                <Text style={{ overflowWrap: 'anywhere' }} data-testid="ticket-emailed-to">
                  {ticket.emailedTo}
                </Text>
              </Field>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" padding="lg" h="100%">
            <Title order={2} fz="lg" mb="sm">
              {t('detail.comment')}
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="ticket-comment">
              {ticket.comment}
            </Text>
          </Card>
        </Grid.Col>
      </Grid>

      <TicketConversation
        id={ticket.id}
        status={ticket.status}
        side={claims?.impersonatedBy ? 'support' : 'customer'}
        via="customer"
        canReply={canChange(claims?.role)}
      />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <AboutCard icon={IconRouter} title={t('detail.device')} data-testid="ticket-device">
          <div>
            <Text fw={600} data-testid="ticket-device-name">
              {device.name ?? device.model}
            </Text>
            <Text size="sm">
              {device.manufacturer} {device.model} · {fleetText(t, deviceKindLabelKey(device.kind))}
            </Text>
            <Text size="sm" ff="monospace" c="dimmed">
              {device.macAddress}
            </Text>
          </div>
          <Field label={t('detail.deviceStatusWhenSent')}>
            <DeviceStatusBadge status={device.status} />
          </Field>
          <Anchor component={Link} to={paths.device(site.id, device.id)} size="sm">
            {t('detail.openDevice')}
          </Anchor>
        </AboutCard>
        <AboutCard icon={IconBuildingStore} title={t('detail.site')} data-testid="ticket-site">
          <div>
            <Text fw={600}>{site.name}</Text>
            <Text size="sm">{site.address}</Text>
          </div>
          <Anchor component={Link} to={paths.site(site.id)} size="sm">
            {t('detail.openSite')}
          </Anchor>
        </AboutCard>
      </SimpleGrid>

      <TicketAlert ticket={ticket} />

      <TicketDiagnostics jobs={ticket.diagnostics} />
    </PageFrame>
  );
}

/** A card about what the ticket concerns (its device, its site): an icon and a heading, then the details. */
function AboutCard({
  icon: Icon,
  title,
  children,
  ...rest
}: {
  icon: TablerIcon;
  title: string;
  children: ReactNode;
  'data-testid': string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={rest['data-testid']}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <Icon size={20} aria-hidden />
          <Title order={2} fz="lg">
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * Ticket (/tickets/{id}): what was sent, to whom, about which device and site, the thread with support (issue
 * 37) and its diagnostics.
 */
export function Component() {
  const { t } = useTranslation('tickets');
  const { id = '' } = useParams();
  const { data: ticket, isPending, error } = useTicket(id);

  if (isPending) {
    return (
      <Stack gap="lg" aria-busy>
        <Skeleton height={36} width="60%" />
        <Skeleton height={140} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (error || !ticket) {
    return (
      <PageLoadFailed
        error={error}
        icon={IconTicket}
        notFound={{ title: t('detail.notFoundTitle'), text: t('detail.notFoundText') }}
        failedTitle={t('detail.loadFailedTitle')}
        back={{ to: paths.tickets, label: t('detail.backToList') }}
      />
    );
  }
  return <TicketView ticket={ticket} />;
}
