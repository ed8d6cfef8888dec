import '@mantine/spotlight/styles.css';
import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import {
  applySuggestion,
  parseFleetQuery,
  type QueryTarget,
  queryApplies,
  queryErrorMessage,
  suggestQuery,
} from '@vnoc/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertSeverityBadge } from '../../../components/alert-severity-badge.tsx';
import { DeviceStatusBadge } from '../../../components/device-status-badge.tsx';
import { alertName } from '../../../lib/alert-display.ts';
import { isLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useGlobalSearch, useQueryVocabulary } from '../api/global-search.ts';

/** Typing settles for this long before the server is asked (suggestions follow every key). */
export const HEADER_SEARCH_DEBOUNCE_MS = 250;

/** The lists a "see all" opens with the same query. */
const SEE_ALL: { target: Exclude<QueryTarget, 'tickets'>; path: string }[] = [
  { target: 'sites', path: paths.sites },
  { target: 'devices', path: paths.devices },
  { target: 'alerts', path: paths.alerts },
];

/** A result line: what it says and the page it opens. */
interface Line {
  id: string;
  label: string;
  description?: string;
  right?: ReactNode;
  to: string;
}

/** The header search's own Spotlight (its selected line). */
const [searchStore, searchSpotlight] = createSpotlight();
/** Opens and closes the header search (its launcher does; the tests reset it). */
export const headerSearch = searchSpotlight;

/** A group of lines: its label drawn by Spotlight, and named for assistive technology. */
const group = (label: string) => ({ label, role: 'group', 'aria-label': label });

/**
 * Selects the first line again once the lines change (results arrive after the typing that selected one), so
 * Enter always opens what is on top.
 */
function selectFirstLine() {
  const { listId } = searchStore.getState();
  const list = listId ? document.getElementById(listId) : null;
  if (!list) return;
  list.querySelector('[data-selected]')?.removeAttribute('data-selected');
  list.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  searchStore.updateState((state) => ({ ...state, selected: 0 }));
}

/**
 * The header search's panel (issue 37; its launcher, `header-search.tsx`, loads it on first use and opens it on
 * each `request`): the fleet query language with suggestions of keys and values at the cursor, then the sites,
 * devices, active alerts and tickets found, grouped. Enter opens the selected line: a suggestion completes the
 * query, a result opens its page, "see all" opens the list filtered by the same query. Full screen on a phone.
 */
export function SearchPanel({ request, narrow }: { request: number; narrow: boolean }) {
  const { t, i18n } = useTranslation('search');
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  const [opened, setOpened] = useState(false);
  const [settled] = useDebouncedValue(query.trim(), HEADER_SEARCH_DEBOUNCE_MS);
  const parsed = parseFleetQuery(query);
  const settledParse = parseFleetQuery(settled);
  const results = useGlobalSearch(settledParse.ok ? settled : '');
  const vocabulary = useQueryVocabulary(opened);
  const suggested = suggestQuery(query, cursor, vocabulary.data ?? {});
  // Keys are offered for a word being typed, or for an empty search; not after a finished query's space.
  const typing = suggested.from < cursor || query.trim() === '';
  const suggestions = typing ? suggested : { ...suggested, items: [] };

  const readCursor = () => setCursor(input.current?.selectionStart ?? query.length);
  const choose = (insert: string) => {
    const next = applySuggestion(query, suggestions, { insert });
    setQuery(next.text);
    setCursor(next.cursor);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.cursor, next.cursor);
    });
  };
  const open = (to: string) => navigate(to);
  useEffect(() => {
    if (request > 0) searchSpotlight.open();
  }, [request]);

  // A search emptied (on close, or by hand) shows no results: the last query's would be kept as placeholders.
  const data = settled === '' ? undefined : results.data;
  const lines = `${suggestions.items.map((i) => i.insert).join()}|${settled}|${data ? 'data' : ''}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the lines shown change
  useEffect(() => {
    if (opened) selectFirstLine();
  }, [lines, data, opened]);
  const groups: ReactNode[] = [];
  if (suggestions.items.length > 0)
    groups.push(
      <Spotlight.ActionsGroup key="suggestions" {...group(t('groups.suggestions'))}>
        {suggestions.items.map((s) => (
          <Spotlight.Action
            key={`${s.kind}-${s.label}`}
            label={s.label}
            description={s.kind === 'key' ? t(`keys.${s.key}`) : undefined}
            closeSpotlightOnTrigger={false}
            onClick={() => choose(s.insert)}
          />
        ))}
      </Spotlight.ActionsGroup>,
    );
  if (data && settledParse.ok && parsed.ok) {
    const results: { key: string; label: string; lines: Line[] }[] = [
      {
        key: 'sites',
        label: t('groups.sites'),
        lines: data.sites.map((s) => ({
          id: s.id,
          label: s.name,
          description: [s.city, s.state].filter(Boolean).join(', '),
          right: <DeviceStatusBadge status={s.status} />,
          to: paths.site(s.id),
        })),
      },
      {
        key: 'devices',
        label: t('groups.devices'),
        lines: data.devices.map((d) => ({
          id: d.id,
          label: d.name,
          description: `${d.model} · ${d.macAddress} · ${d.site.name}`,
          right: <DeviceStatusBadge status={d.status} />,
          to: paths.device(d.site.id, d.id),
        })),
      },
      {
        key: 'alerts',
        label: t('groups.alerts'),
        lines: data.alerts.map((a) => ({
          id: a.id,
          label: alertName(a.code, lang),
          description: a.siteName ?? undefined,
          right: <AlertSeverityBadge severity={a.severity} />,
          to: paths.alert(a.id, 'active'),
        })),
      },
      {
        key: 'tickets',
        label: t('groups.tickets'),
        lines: data.tickets.map((x) => ({
          id: x.id,
          label: `#${x.number} ${x.subject}`,
          description: x.siteName,
          to: paths.ticket(x.id),
        })),
      },
    ];
    for (const result of results.filter((r) => r.lines.length > 0))
      groups.push(
        <Spotlight.ActionsGroup key={result.key} {...group(result.label)}>
          {result.lines.map((line) => (
            <Spotlight.Action
              key={line.id}
              label={line.label}
              description={line.description}
              rightSection={line.right}
              onClick={() => open(line.to)}
            />
          ))}
        </Spotlight.ActionsGroup>,
      );
    const seeAll = SEE_ALL.filter(({ target }) => queryApplies(settledParse.query, target));
    groups.push(
      <Spotlight.ActionsGroup key="see-all" {...group(t('groups.seeAll'))}>
        {seeAll.map(({ target, path }) => (
          <Spotlight.Action
            key={target}
            label={t(`seeAll.${target}`)}
            onClick={() => open(`${path}?${new URLSearchParams({ q: settled })}`)}
          />
        ))}
      </Spotlight.ActionsGroup>,
    );
  }
  // A key just typed (`model:`) is not an error while its values are offered.
  const error =
    !parsed.ok &&
    query.trim() !== '' &&
    !(parsed.error.code === 'empty_value' && suggestions.items.length > 0)
      ? queryErrorMessage(parsed.error, lang)
      : null;
  const found = data ? data.sites.length + data.devices.length + data.alerts.length + data.tickets.length : 0;

  return (
    <Spotlight.Root
      store={searchStore}
      query={query}
      onQueryChange={(next) => {
        setQuery(next);
        setCursor(input.current?.selectionStart ?? next.length);
      }}
      shortcut={null}
      fullScreen={narrow}
      scrollable
      maxHeight={narrow ? '100%' : 520}
      onSpotlightOpen={() => setOpened(true)}
      onSpotlightClose={() => setOpened(false)}
      aria-label={t('title')}
    >
      <Spotlight.Search
        ref={input}
        placeholder={t('placeholder')}
        aria-label={t('title')}
        leftSection={<IconSearch size={18} aria-hidden />}
        maxLength={200}
        onKeyUp={readCursor}
        onClick={readCursor}
      />
      {error ? (
        <Text size="sm" c="red" px="md" py="xs" role="alert" data-testid="header-search-error">
          {error}
        </Text>
      ) : null}
      <Spotlight.ActionsList>
        {groups}
        {query.trim() === '' ? (
          <Text size="sm" c="dimmed" px="md" py="xs">
            {t('help')}
          </Text>
        ) : null}
        {parsed.ok && settled !== '' && data && found === 0 && !results.isFetching ? (
          <Spotlight.Empty>{t('nothingFound')}</Spotlight.Empty>
        ) : null}
        {results.isError ? (
          <Text size="sm" c="red" px="md" py="xs" role="alert">
            {results.error.message}
          </Text>
        ) : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
