import { Alert, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RegisterRequestSchema } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormSubmit } from '../../../components/form-submit.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { PublicCard } from '../../../components/public-card.tsx';
import { schemaValidator, useErrorsFollowLanguage } from '../../../lib/form-validation.ts';
import { useRegister } from '../api/register.ts';
import { BackToLogin } from '../components/back-to-login.tsx';
import { EmailField } from '../components/email-field.tsx';

interface RegisterValues {
  username: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmation: string;
}

/** /register: a new account in the organization owning the address's domain, waiting for an administrator's approval. */
export function Component() {
  const { t } = useTranslation('auth');
  const { t: tUsers } = useTranslation('adminUsers');
  const [params] = useSearchParams();
  const register = useRegister();
  const [failure, setFailure] = useState<unknown>(null);
  const prefilled = params.get('username') ?? '';
  const schemaCheck = schemaValidator(
    RegisterRequestSchema,
    t,
    ({ confirmation: _, ...rest }: RegisterValues) => rest,
  );
  const form = useForm<RegisterValues>({
    initialValues: { username: prefilled, firstName: '', lastName: '', password: '', confirmation: '' },
    validate: (values) => {
      const errors = schemaCheck(values);
      if (values.confirmation !== values.password) errors.confirmation = t('validation.passwordMismatch');
      return errors;
    },
  });
  useErrorsFollowLanguage(form);

  const onSubmit = form.onSubmit(({ confirmation: _, ...values }) => {
    setFailure(null);
    register.mutate(RegisterRequestSchema.parse(values), {
      onError: (error) => setFailure(error),
    });
  });

  // The account waits for an administrator's approval; the address is proven at the first sign-in.
  if (register.isSuccess) {
    return (
      <PublicCard title={tUsers('registration.pendingTitle')} footer={<BackToLogin />}>
        <Alert color="green" variant="light" role="status" data-testid="registration-pending">
          {tUsers('registration.pendingText')}
        </Alert>
      </PublicCard>
    );
  }

  return (
    <PublicCard title={t('register.title')} description={t('register.description')} footer={<BackToLogin />}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <EmailField {...form.getInputProps('username')} key={form.key('username')} autoFocus={!prefilled} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
            <TextInput
              {...form.getInputProps('firstName')}
              key={form.key('firstName')}
              label={t('fields.firstName')}
              autoComplete="given-name"
              autoFocus={Boolean(prefilled)}
              required
            />
            <TextInput
              {...form.getInputProps('lastName')}
              key={form.key('lastName')}
              label={t('fields.lastName')}
              autoComplete="family-name"
              required
            />
          </SimpleGrid>
          <NewPasswordFields form={form} />
          <FormSubmit error={failure} loading={register.isPending} label={t('register.submit')} fullWidth />
        </Stack>
      </form>
    </PublicCard>
  );
}
