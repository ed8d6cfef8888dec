import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import type { Organization } from '@vnoc/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { useOrganization } from '../../../lib/organization.ts';
import { telHref, useFormatPhone } from '../../../lib/use-format-phone.ts';
import { useUserProfile } from '../../../lib/user-profile.ts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Dimmed({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Text size="sm" c="dimmed" data-testid={testId}>
      {children}
    </Text>
  );
}

function Details({ organization }: { organization: Organization }) {
  const { t } = useTranslation('adminOrganization');
  return (
    <Section id="my-organization-details" title={t('member.details')}>
      <Text fw={600} size="lg" data-testid="organization-name">
        {organization.name}
      </Text>
      {organization.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="organization-description">
          {organization.description}
        </Text>
      ) : (
        <Dimmed>{t('member.noDescription')}</Dimmed>
      )}
      <Group gap="xs">
        {organization.entitlements.map((e) => (
          <Badge key={e} variant="light" tt="none">
            {t(`entitlement.${e}`, { defaultValue: e })}
          </Badge>
        ))}
      </Group>
    </Section>
  );
}

function Administrators({ organization }: { organization: Organization }) {
  const { t } = useTranslation('adminOrganization');
  return (
    <Section id="my-organization-admins" title={t('member.administrators')}>
      {organization.administrators.length === 0 ? (
        <Dimmed testId="administrators-empty">{t('member.noAdministrators')}</Dimmed>
      ) : (
        <ScrollTable
          minWidth={300}
          verticalSpacing="xs"
          data-testid="administrators"
          head={
            <>
              <Table.Th>{t('contacts.name')}</Table.Th>
              <Table.Th>{t('contacts.email')}</Table.Th>
            </>
          }
        >
          {organization.administrators.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{a.name}</Table.Td>
              <Table.Td>
                <Anchor href={`mailto:${a.email}`} size="sm">
                  {a.email}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
    </Section>
  );
}

function Support({ organization }: { organization: Organization }) {
  const formatPhone = useFormatPhone();
  const { t } = useTranslation('adminOrganization');
  const contact = organization.supportContact;
  return (
    <Section id="my-organization-support" title={t('member.support')}>
      <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="support-contact">
        <IconLifebuoy size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {contact.source === 'organization' ? contact.name : t('member.providerSupport')}
          </Text>
          {contact.email && (
            <Anchor href={`mailto:${contact.email}`} size="sm">
              {contact.email}
            </Anchor>
          )}
          {contact.phone && (
            <Anchor href={telHref(contact.phone)} size="sm">
              {formatPhone(contact.phone)}
            </Anchor>
          )}
          <Text size="xs" c="dimmed">
            {contact.source === 'organization' ? t('member.supportOwnHint') : t('member.supportProviderHint')}
          </Text>
        </Stack>
      </Group>
    </Section>
  );
}

function Contacts({ organization }: { organization: Organization }) {
  const { t } = useTranslation('adminOrganization');
  return (
    <Section id="my-organization-contacts" title={t('contacts.title')}>
      {organization.contacts.length === 0 ? (
        <Dimmed testId="member-contacts-empty">{t('member.noContacts')}</Dimmed>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {organization.contacts.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: contacts have no id; the list is read-only
            <Stack key={i} gap={0} data-testid="member-contact">
              <Text fw={600} size="sm">
                {c.name}
              </Text>
              {c.role && <Dimmed>{c.role}</Dimmed>}
              {c.email && (
                <Anchor href={`mailto:${c.email}`} size="sm">
                  {c.email}
                </Anchor>
              )}
              {c.phone && <Text size="sm">{c.phone}</Text>}
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}

/** Settings → My Organization (every member): details, administrators, contacts and where to get support. */
export function Component() {
  const { t } = useTranslation('adminOrganization');
  const { data: user } = useUserProfile();
  const organization = useOrganization(user?.organization.id);

  let body: ReactNode;
  if (organization.error)
    body = (
      <LoadError
        error={organization.error}
        onRetry={() => void organization.refetch()}
        retryLabel={t('retry')}
      />
    );
  else if (!organization.data)
    body = (
      <Stack gap="lg" aria-busy="true" aria-label={t('loading')}>
        <Skeleton height={140} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    );
  else
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Details organization={organization.data} />
        <Support organization={organization.data} />
        <Administrators organization={organization.data} />
        <Contacts organization={organization.data} />
      </SimpleGrid>
    );
  return <PageFrame>{body}</PageFrame>;
}
