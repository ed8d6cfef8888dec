import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { QueryTarget } from '@vnoc/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../lib/i18n.ts';
import { loadedLater, useLoadedLater } from '../../lib/loaded-later.ts';

/**
 * The fleet query language's reader (~2 KB gzipped), which a list's first view does not need: fetched once a
 * field that takes the language has drawn (a moment after the first paint); what is typed before it is there
 * waits for it.
 */
const queryLanguage = loadedLater(() => import('@vnoc/contracts/fleet-query'));

/** Spec-free choice: typing settles for 300 ms before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  /** What the box searches, under its label: it wraps, where a placeholder is cut on a phone (issue 37). */
  description?: string;
  maxLength?: number;
  /**
   * The list takes the fleet query language (issue 37): the field says so, and a query that cannot be read
   * shows its message (with its position) instead of being sent; the server reads it again.
   */
  queryTarget?: QueryTarget;
}

/** A free-text filter that reports its value 300 ms after typing stops (at once when cleared). */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder,
  description,
  maxLength = 200,
  queryTarget,
}: SearchInputProps) {
  const { t, i18n } = useTranslation('table');
  const [text, setText] = useState(value);
  const report = useDebouncedCallback(onChange, SEARCH_DEBOUNCE_MS);
  const language = useLoadedLater(queryLanguage, queryTarget !== undefined);
  const parsed = queryTarget && language ? language.parseFleetQuery(text, queryTarget) : undefined;
  const error =
    language && parsed && !parsed.ok
      ? language.queryErrorMessage(parsed.error, isLanguage(i18n.language) ? i18n.language : 'en')
      : null;
  // The address bar can change it too (a saved search applied, back/forward).
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={maxLength}
      description={
        description ??
        (queryTarget &&
          {
            sites: t('queryHelp.sites'),
            devices: t('queryHelp.devices'),
            alerts: t('queryHelp.alerts'),
            tickets: t('queryHelp.tickets'),
          }[queryTarget])
      }
      error={error}
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
        const next = event.currentTarget.value;
        setText(next);
        if (!queryTarget) return report(next);
        // A query the reader cannot read is not sent (its message shows); if the reader cannot be fetched, the
        // server, which reads every query again, answers.
        queryLanguage.load().then(
          (reader) => (reader.parseFleetQuery(next, queryTarget).ok ? report(next) : report.cancel()),
          () => report(next),
        );
      }}
    />
  );
}
