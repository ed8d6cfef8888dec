import { TextInput } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { normalizePhone } from '@vnoc/contracts';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

type PhoneInputProps = Omit<ComponentProps<typeof TextInput>, 'type' | 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
  /** Shows the "include the country code" hint under the label (default true). */
  withHint?: boolean;
};

/**
 * A phone number field. On blur an obviously valid number is rewritten in international form with the
 * spec part 5 rule (e.g. "(555) 123-4567" becomes +15551234567).
 */
export function PhoneInput({
  value,
  onChange,
  onBlur,
  description,
  withHint = true,
  ...props
}: PhoneInputProps) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+1 555 123 4567"
      leftSection={<IconPhone size={16} aria-hidden />}
      description={description ?? (withHint ? t('phone.description') : undefined)}
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event) => {
        const normalized = normalizePhone(event.currentTarget.value);
        if (normalized && normalized !== value) onChange(normalized);
        onBlur?.(event);
      }}
    />
  );
}

/** The value to send: the normalized number, or the raw text so that validation reports it. */
export function phoneForSubmit(value: string): string {
  return normalizePhone(value) ?? value.trim();
}
