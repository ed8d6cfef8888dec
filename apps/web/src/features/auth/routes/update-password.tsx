import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { FormSubmit } from '../../../components/form-submit.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { PublicCard } from '../../../components/public-card.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { paths } from '../../../lib/paths.ts';
import { useUpdatePassword } from '../api/update-password.ts';
import { BackToLogin } from '../components/back-to-login.tsx';
import { useSignInSteps } from '../hooks/use-sign-in-steps.ts';
import { newPasswordValidator } from '../utils/new-password-validation.ts';

/** /update-password: a new password when the credential has expired (or after a reset), then sign-in completes. */
export function Component() {
  const { t } = useTranslation('auth');
  const { claims } = useAuth();
  const location = useLocation();
  const update = useUpdatePassword();
  const { afterPasswordUpdate } = useSignInSteps();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: newPasswordValidator(t),
  });

  if (!claims) return <Navigate to={paths.login} replace />;

  const onSubmit = form.onSubmit(({ password }) => {
    setFailure(null);
    update.mutate(password, {
      onSuccess: () => afterPasswordUpdate(location.pathname),
      onError: (error) => setFailure(error),
    });
  });

  return (
    <PublicCard
      title={t('updatePassword.title')}
      description={t('updatePassword.description', { email: claims.sub })}
      footer={<BackToLogin signOut />}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {/* Lets password managers file the new password under the right account. */}
          <input type="hidden" name="username" autoComplete="username" value={claims.sub} readOnly />
          <NewPasswordFields form={form} autoFocus />
          <FormSubmit
            error={failure}
            loading={update.isPending}
            label={t('updatePassword.submit')}
            fullWidth
          />
        </Stack>
      </form>
    </PublicCard>
  );
}
