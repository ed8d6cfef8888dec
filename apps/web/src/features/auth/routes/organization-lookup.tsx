import { Alert, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuilding, IconInfoCircle } from '@tabler/icons-react';
import { EmailSchema, type OrganizationRef } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormError } from '../../../components/form-error.tsx';
import { PublicCard } from '../../../components/public-card.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { schemaValidator, useErrorsFollowLanguage } from '../../../lib/form-validation.ts';
import { paths } from '../../../lib/paths.ts';
import { useLookupOrganization } from '../api/lookup-organization.ts';
import { BackToLogin } from '../components/back-to-login.tsx';
import { EmailField } from '../components/email-field.tsx';

const LookupSchema = z.object({ email: EmailSchema });

type Outcome = { email: string; organization: OrganizationRef | null };

/** /organization-lookup: which organization an address belongs to, before registering. */
export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const lookup = useLookupOrganization();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({ initialValues: { email: '' }, validate: schemaValidator(LookupSchema, t) });
  useErrorsFollowLanguage(form);

  const onSubmit = form.onSubmit((values) => {
    const email = LookupSchema.parse(values).email;
    setFailure(null);
    setOutcome(null);
    lookup.mutate(email, {
      onSuccess: (organization) => setOutcome({ email, organization }),
      onError: (error) => setFailure(error),
    });
  });

  const proceed = async (email: string) => {
    authStore.setCaptivity(null);
    await navigate(`${paths.register}?${new URLSearchParams({ username: email })}`);
  };

  return (
    <PublicCard title={t('lookup.title')} description={t('lookup.description')} footer={<BackToLogin />}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <EmailField
            {...form.getInputProps('email')}
            key={form.key('email')}
            onChange={(event) => {
              form.getInputProps('email').onChange(event);
              setOutcome(null);
            }}
            label={t('fields.workEmail')}
            autoComplete="email"
            autoFocus
          />
          <FormError error={failure} />
          {outcome?.organization ? (
            <Alert color="teal" variant="light" icon={<IconBuilding size={18} aria-hidden />} role="status">
              <Text size="sm">{t('lookup.found', { email: outcome.email })}</Text>
              <Text size="md" fw={600} mt={4} data-testid="organization-name">
                {outcome.organization.name}
              </Text>
            </Alert>
          ) : null}
          {outcome && !outcome.organization ? (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconInfoCircle size={18} aria-hidden />}
              role="status"
              title={t('lookup.notFoundTitle')}
            >
              {t('lookup.notFound', { email: outcome.email })}
            </Alert>
          ) : null}
          {outcome?.organization ? (
            <Button onClick={() => proceed(outcome.email)} fullWidth autoFocus>
              {t('lookup.continue')}
            </Button>
          ) : (
            <Button type="submit" loading={lookup.isPending} fullWidth>
              {t('lookup.submit')}
            </Button>
          )}
        </Stack>
      </form>
    </PublicCard>
  );
}
