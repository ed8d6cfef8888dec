import { Textarea, type TextareaProps } from '@mantine/core';

interface CountedTextareaProps
  extends Omit<TextareaProps, 'value' | 'description' | 'inputWrapperOrder' | 'maxLength' | 'resize'> {
  /** The text (a form field's value). */
  value?: string;
  /** The most characters it takes (the contract's limit). */
  max: number;
  /** The count under the field, in the caller's words, e.g. "12 / 500 characters". */
  count: (length: number, max: number) => string;
  'data-testid'?: string;
}

/** A text box of limited length that grows by dragging, with how many characters of how many under it. */
export function CountedTextarea({ value, max, count, ...rest }: CountedTextareaProps) {
  return (
    <Textarea
      {...rest}
      value={value}
      description={count(value?.length ?? 0, max)}
      inputWrapperOrder={['label', 'input', 'error', 'description']}
      maxLength={max}
      resize="vertical"
    />
  );
}
