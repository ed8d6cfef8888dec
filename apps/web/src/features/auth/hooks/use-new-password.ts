import { useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useLocation } from 'react-router';
import { useAuth } from '../../../lib/auth-store.ts';
import { useUpdatePassword } from '../api/update-password.ts';
import { newPasswordValidator } from '../utils/new-password-validation.ts';
import { useSignInSteps } from './use-sign-in-steps.ts';

/**
 * What a signed-in person's new-password form needs, on the profile or at /update-password: the session's
 * claims (the username for password managers), the form (checked by the password policy), the request, and
 * what follows a saved password (the next sign-in step; on a profile path the person stays).
 */
export function useNewPassword(t: TFunction) {
  const { claims } = useAuth();
  const location = useLocation();
  const update = useUpdatePassword();
  const { afterPasswordUpdate } = useSignInSteps();
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: newPasswordValidator(t),
  });
  return { claims, form, update, afterUpdate: () => afterPasswordUpdate(location.pathname) };
}
