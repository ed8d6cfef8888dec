import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { FormSubmit } from '../../../components/form-submit.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { PublicCard } from '../../../components/public-card.tsx';
import { paths } from '../../../lib/paths.ts';
import { BackToLogin } from '../components/back-to-login.tsx';
import { useNewPassword } from '../hooks/use-new-password.ts';

/** /update-password: a new password when the credential has expired (or after a reset), then sign-in completes. */
export function Component() {
  const { t } = useTranslation('auth');
  const { claims, form, update, afterUpdate } = useNewPassword(t);
  const [failure, setFailure] = useState<unknown>(null);

  if (!claims) return <Navigate to={paths.login} replace />;

  const onSubmit = form.onSubmit(({ password }) => {
    setFailure(null);
    update.mutate(password, {
      onSuccess: afterUpdate,
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
