import { Skeleton, Stack } from '@mantine/core';
import type { UpdateOrganizationInput } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { toast } from '../../../lib/notify.ts';
import { useOrganization } from '../../../lib/organization.ts';
import { useUserProfile } from '../../../lib/user-profile.ts';
import { useUpdateOrganization } from '../organization/api/update-organization.ts';
import { ContactsSection } from '../organization/components/contacts-section.tsx';
import { DetailsSection } from '../organization/components/details-section.tsx';
import { DomainsSection } from '../organization/components/domains-section.tsx';
import { JoiningSection } from '../organization/components/joining-section.tsx';
import { SsoSection } from '../organization/components/sso-section.tsx';
import { SupportAccessSection } from '../organization/components/support-access-section.tsx';

/**
 * Administration → Organization (ADMINISTRATOR): name and description, contacts, entitlements (read-only),
 * who may join, the proof of its email domains (a verification email's link lands here with ?domainCode=),
 * support access and single sign-on, each saved on its own.
 */
export function Component() {
  const { t } = useTranslation('adminOrganization');
  const { data: user } = useUserProfile();
  const organizationId = user?.organization.id;
  const organization = useOrganization(organizationId);
  const update = useUpdateOrganization(organizationId ?? '', (saved) =>
    toast(t('saved', { name: saved.name })),
  );
  const save = (body: UpdateOrganizationInput) => update.mutate(body);
  const [params, setParams] = useSearchParams();
  const domainCode = params.get('domainCode') ?? undefined;
  const onDomainVerified = () => {
    toast(t('domains.verified'));
    if (domainCode) setParams({}, { replace: true });
  };

  if (organization.error)
    return (
      <PageFrame>
        <LoadError
          error={organization.error}
          onRetry={() => void organization.refetch()}
          retryLabel={t('retry')}
        />
      </PageFrame>
    );
  const data = organization.data;
  if (!data)
    return (
      <PageFrame>
        <Stack gap="lg" aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={260} radius="md" />
          <Skeleton height={160} radius="md" />
          <Skeleton height={160} radius="md" />
        </Stack>
      </PageFrame>
    );
  // Each section starts from what the server holds of it: its save remounts it alone with the stored values,
  // leaving unsaved edits in the other sections as they are.
  const s = data.settings;
  const props = { organization: data, save, saving: update.isPending };
  return (
    <PageFrame>
      <Stack gap="lg">
        <DetailsSection key={JSON.stringify([data.name, data.description])} {...props} />
        <ContactsSection key={JSON.stringify(data.contacts)} {...props} />
        <JoiningSection key={JSON.stringify([s?.selfRegistration, s?.emailDomains])} {...props} />
        <DomainsSection
          key={JSON.stringify(s?.domains)}
          organization={data}
          ownEmail={user?.username}
          initialCode={domainCode}
          onVerified={onDomainVerified}
        />
        <SupportAccessSection key={String(s?.supportAccess)} {...props} />
        <SsoSection key={JSON.stringify([s?.ssoIssuer, s?.ssoClientId])} {...props} />
      </Stack>
    </PageFrame>
  );
}
