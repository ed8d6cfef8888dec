import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { toast } from '../../../lib/notify.ts';
import { useUpdatePassword } from '../../auth/api/update-password.ts';
import { NewPasswordFields } from '../../auth/components/new-password-fields.tsx';
import { useSignInSteps } from '../../auth/hooks/use-sign-in-steps.ts';
import { newPasswordValidator } from '../../auth/utils/new-password-validation.ts';

/** Password change (POST userProfile/updatePassword); on a profile path the user stays on the page. */
export function PasswordChangeForm() {
  const { t } = useTranslation('profile');
  const { claims } = useAuth();
  const location = useLocation();
  const update = useUpdatePassword();
  const { afterPasswordUpdate } = useSignInSteps();
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: newPasswordValidator(t),
  });

  const onSubmit = form.onSubmit(({ password }) => {
    update.mutate(password, {
      onSuccess: async () => {
        form.reset();
        await afterPasswordUpdate(location.pathname);
        toast(t('password.updated'));
      },
      onError: handleError,
    });
  });

  return (
    <ProfileSection title={t('password.title')} description={t('password.description')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <input type="hidden" name="username" autoComplete="username" value={claims?.sub ?? ''} readOnly />
          <NewPasswordFields
            password={form.values.password}
            confirmation={form.values.confirmation}
            passwordProps={form.getInputProps('password')}
            confirmationProps={form.getInputProps('confirmation')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('password.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ProfileSection>
  );
}
