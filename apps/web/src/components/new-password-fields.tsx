import { PasswordInput, Stack } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordHelper } from './password-helper.tsx';

type InputProps = Omit<ComponentProps<typeof PasswordInput>, 'label'>;

/** What the fields need of the form that holds them: Mantine's useForm with `password` and `confirmation`. */
interface NewPasswordForm {
  values: { password: string; confirmation: string };
  getInputProps: (path: 'password' | 'confirmation') => InputProps;
}

interface NewPasswordFieldsProps {
  form: NewPasswordForm;
  autoFocus?: boolean;
}

/** A new password, its confirmation and the password helper. */
export function NewPasswordFields({ form, autoFocus }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="sm">
      <PasswordInput
        {...form.getInputProps('password')}
        label={t('fields.newPassword')}
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        aria-describedby="password-helper-title"
      />
      <PasswordInput
        {...form.getInputProps('confirmation')}
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        required
      />
      <PasswordHelper password={form.values.password} confirmation={form.values.confirmation} />
    </Stack>
  );
}
