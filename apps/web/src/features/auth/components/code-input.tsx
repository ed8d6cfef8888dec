import { Input, PinInput } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export const CODE_LENGTH = 6;

interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called when all six digits are typed (e.g. to submit at once). */
  onComplete?: (value: string) => void;
  label?: string;
  description?: string;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The one 6-digit verification code input: digits only, one-time-code autocomplete, labelled. */
export function CodeInput({
  value,
  onChange,
  onComplete,
  label,
  description,
  error,
  disabled,
  autoFocus,
}: CodeInputProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const baseId = `code-${id.replace(/:/g, '')}`;
  const labelText = label ?? t('code.label');
  const previous = useRef(value);
  // A full code cleared by the screen (it was refused): typing starts again from the first digit.
  useEffect(() => {
    if (value === '' && previous.current.length === CODE_LENGTH)
      document.getElementById(`${baseId}-1`)?.focus();
    previous.current = value;
  }, [value, baseId]);
  return (
    <Input.Wrapper
      label={labelText}
      description={description}
      error={error || undefined}
      labelProps={{ htmlFor: `${baseId}-1` }}
      errorProps={{ id: `${baseId}-error` }}
    >
      <PinInput
        id={baseId}
        length={CODE_LENGTH}
        type="number"
        oneTimeCode
        size="md"
        gap={8}
        placeholder=""
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={Boolean(error)}
        disabled={disabled}
        autoFocus={autoFocus}
        mt={6}
        getInputProps={(index) => ({
          'aria-label': t('code.digit', { label: labelText, n: index + 1, total: CODE_LENGTH }),
          'aria-describedby': error ? `${baseId}-error` : undefined,
        })}
        hiddenInputProps={{ name: 'code' }}
      />
    </Input.Wrapper>
  );
}
