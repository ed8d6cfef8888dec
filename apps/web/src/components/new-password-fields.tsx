import { PasswordInput, Stack } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordHelper } from './password-helper.tsx';

type InputProps = Omit<ComponentProps<typeof PasswordInput>, 'label'>;

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  /** From form.getInputProps('password'). */
  passwordProps: InputProps;
  /** From form.getInputProps('confirmation'). */
  confirmationProps: InputProps;
  autoFocus?: boolean;
}

/** A new password, its confirmation and the password helper. */
export function NewPasswordFields({
  password,
  confirmation,
  passwordProps,
  confirmationProps,
  autoFocus,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="sm">
      <PasswordInput
        {...passwordProps}
        label={t('fields.newPassword')}
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        aria-describedby="password-helper-title"
      />
      <PasswordInput
        {...confirmationProps}
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        required
      />
      <PasswordHelper password={password} confirmation={confirmation} />
    </Stack>
  );
}
