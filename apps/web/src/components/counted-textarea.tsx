import { Textarea, type TextareaProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface CountedTextareaProps
  extends Omit<TextareaProps, 'value' | 'description' | 'inputWrapperOrder' | 'maxLength' | 'resize'> {
  /** The text (a form field's value). */
  value?: string;
  /** The most characters it takes (the contract's limit). */
  max: number;
  'data-testid'?: string;
}

/**
 * A text box of limited length that grows by dragging, with how many characters of how many under it
 * ("12 / 500 characters", the same words on every form).
 */
export function CountedTextarea({ value, max, ...rest }: CountedTextareaProps) {
  const { t } = useTranslation();
  return (
    <Textarea
      {...rest}
      value={value}
      description={t('common.characters', { length: value?.length ?? 0, max })}
      inputWrapperOrder={['label', 'input', 'error', 'description']}
      maxLength={max}
      resize="vertical"
    />
  );
}
