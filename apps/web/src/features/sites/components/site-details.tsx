import { Anchor, Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { Address, Site } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { DetailCard } from '../../../components/detail-card.tsx';
import { Field } from '../../../components/field.tsx';
import { telHref, useFormatPhone } from '../../../lib/use-format-phone.ts';

/** The address as lines: street; city, state zip; country. */
export function addressLines(address: Address): string[] {
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')]
    .filter((part) => part && part.trim() !== '')
    .join(', ');
  return [address.street ?? '', cityLine, address.country].filter((line) => line.trim() !== '');
}

const ADDRESS_FIELDS = ['street', 'city', 'state', 'zip', 'country'] as const;

/** True when the stored address is the one a geocoder confirmed (spec part 3: verified address). */
export function isVerified(site: Pick<Site, 'address' | 'verifiedAddress'>): boolean {
  const verified = site.verifiedAddress;
  return (
    verified != null &&
    ADDRESS_FIELDS.every((field) => (verified[field] ?? '') === (site.address[field] ?? ''))
  );
}

/** Account, account holders and address of a site. */
export function SiteDetails({ site }: { site: Site }) {
  const { t } = useTranslation('siteDetail');
  const none = <Text c="dimmed">{t('none')}</Text>;
  return (
    <DetailCard title={t('details.title')} h="100%">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Field label={t('details.alias')}>{site.alias ? <Text>{site.alias}</Text> : none}</Field>
        <Field label={t('details.account')}>
          {site.backOfficeAccountId ? <Text ff="monospace">{site.backOfficeAccountId}</Text> : none}
        </Field>
        <Field label={t('details.accountHolders')}>
          {site.accountHolders.length > 0 ? (
            <Stack gap={0}>
              {site.accountHolders.map((holder) => (
                <Text key={holder.name}>{holder.name}</Text>
              ))}
            </Stack>
          ) : (
            none
          )}
        </Field>
        <Field label={t('details.address')}>
          <Stack gap={0} data-testid="site-address">
            {addressLines(site.address).map((line) => (
              <Text key={line}>{line}</Text>
            ))}
            {isVerified(site) && (
              <Badge
                mt={4}
                color="green"
                variant="light"
                leftSection={<IconCircleCheck size={14} aria-hidden />}
                data-testid="site-address-verified"
              >
                {t('details.verified')}
              </Badge>
            )}
          </Stack>
        </Field>
      </SimpleGrid>
    </DetailCard>
  );
}

/** The site's contacts: name, role, phone and email. */
export function SiteContacts({ site }: { site: Site }) {
  const formatPhone = useFormatPhone();
  const { t } = useTranslation('siteDetail');
  return (
    <DetailCard title={t('contacts.title')} h="100%">
      {site.contacts.length === 0 ? (
        <Text c="dimmed">{t('contacts.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {site.contacts.map((contact) => (
            <Stack gap={2} key={`${contact.name}-${contact.email ?? ''}`}>
              <Text fw={600}>{contact.name}</Text>
              {contact.role && (
                <Text size="sm" c="dimmed">
                  {contact.role}
                </Text>
              )}
              {contact.phone && (
                <Anchor size="sm" href={telHref(contact.phone)}>
                  {formatPhone(contact.phone)}
                </Anchor>
              )}
              {contact.email && (
                <Anchor size="sm" href={`mailto:${contact.email}`}>
                  {contact.email}
                </Anchor>
              )}
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </DetailCard>
  );
}
