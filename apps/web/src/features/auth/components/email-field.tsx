import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The required email field of the sign-in forms: email keyboard, and `autocomplete="username"`
 * so password managers pair it with the password (pass `autoComplete` and `label` to change them).
 */
export function EmailField(props: Omit<TextInputProps, 'type' | 'inputMode'>) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      label={t('fields.email')}
      autoComplete="username"
      {...props}
      type="email"
      inputMode="email"
      required
    />
  );
}
