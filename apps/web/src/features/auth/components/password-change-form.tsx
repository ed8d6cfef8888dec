import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormSubmit } from '../../../components/form-submit.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { handleError } from '../../../lib/error-handler.ts';
import { toast } from '../../../lib/notify.ts';
import { useNewPassword } from '../hooks/use-new-password.ts';
import { isReauthRequired, useReauth } from './reauth-modal.tsx';

/**
 * Password change (POST userProfile/updatePassword); on a profile path the user stays on the page. The
 * current password is asked in a modal first (issue 34), unless the session proved it moments ago.
 */
export function PasswordChangeForm() {
  const { t } = useTranslation('profile');
  const { claims, form, update, afterUpdate } = useNewPassword(t);
  const reauth = useReauth();

  const change = (password: string) =>
    update.mutate(password, {
      onSuccess: async () => {
        form.reset();
        await afterUpdate();
        toast(t('password.updated'));
      },
      // The re-authentication ran out meanwhile: ask again, then change.
      onError: (error) =>
        isReauthRequired(error) ? reauth.require(() => change(password)) : handleError(error),
    });

  const onSubmit = form.onSubmit(({ password }) => reauth.require(() => change(password)));

  return (
    <ProfileSection title={t('password.title')} description={t('password.description')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <input type="hidden" name="username" autoComplete="username" value={claims?.sub ?? ''} readOnly />
          <NewPasswordFields form={form} />
          <FormSubmit loading={update.isPending} label={t('password.save')} />
        </Stack>
      </form>
      {reauth.modal}
    </ProfileSection>
  );
}
