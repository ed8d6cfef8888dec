import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec-free choice: typing settles for 300 ms before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  maxLength?: number;
}

/** A free-text filter that reports its value 300 ms after typing stops (at once when cleared). */
export function SearchInput({ value, onChange, label, placeholder, maxLength = 200 }: SearchInputProps) {
  const { t } = useTranslation('table');
  const [text, setText] = useState(value);
  const report = useDebouncedCallback(onChange, SEARCH_DEBOUNCE_MS);
  // The address bar can change it too (a saved search applied, back/forward).
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={maxLength}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t('clearSearch')}
            onClick={() => {
              setText('');
              report.cancel();
              onChange('');
            }}
          />
        ) : null
      }
      onChange={(event) => {
        setText(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
    />
  );
}
