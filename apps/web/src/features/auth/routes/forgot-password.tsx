import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { EmailSchema } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormSubmit } from '../../../components/form-submit.tsx';
import { PublicCard } from '../../../components/public-card.tsx';
import { schemaValidator, useErrorsFollowLanguage } from '../../../lib/form-validation.ts';
import { paths } from '../../../lib/paths.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { BackToLogin } from '../components/back-to-login.tsx';
import { EmailField } from '../components/email-field.tsx';

const ForgotSchema = z.object({ email: EmailSchema });

/** /forgot-password: asks for a reset code, then /forgot-password-confirm (the answer never says if the account exists). */
export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useRequestPasswordReset();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({ initialValues: { email: '' }, validate: schemaValidator(ForgotSchema, t) });
  useErrorsFollowLanguage(form);

  const onSubmit = form.onSubmit((values) => {
    const { email } = ForgotSchema.parse(values);
    setFailure(null);
    reset.mutate(email, {
      onSuccess: () => navigate(`${paths.forgotPasswordConfirm}?${new URLSearchParams({ username: email })}`),
      onError: (error) => setFailure(error),
    });
  });

  return (
    <PublicCard title={t('forgot.title')} description={t('forgot.description')} footer={<BackToLogin />}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <EmailField {...form.getInputProps('email')} key={form.key('email')} autoFocus />
          <FormSubmit error={failure} loading={reset.isPending} label={t('forgot.submit')} fullWidth />
        </Stack>
      </form>
    </PublicCard>
  );
}
