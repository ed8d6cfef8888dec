import { Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { serverListProps } from '../../../components/data-table/server-list.ts';
import { type ParamPatch, patchParams, sortParam } from '../../../components/data-table/table-params.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSearchSites } from '../api/search-sites.ts';
import { AccountMacLookup } from '../components/account-mac-lookup.tsx';
import {
  readAdvancedSearch,
  SEARCH_FIELDS,
  type SearchField,
  searchValue,
} from '../components/advanced-search-state.ts';
import { type SiteRow, useSiteColumns } from '../components/site-columns.tsx';

/** Advanced Search (ADMINISTRATOR; the guard enforces it): any one field, or account and MAC exactly. */
export function Component() {
  const { t } = useTranslation('sites');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readAdvancedSearch(params), [params]);
  const [field, setField] = useState<SearchField>(state.field);
  const [text, setText] = useState(state.q);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setField(state.field);
    setText(state.q);
  }, [state.field, state.q]);

  const ran = state.q !== '';
  const results = useSearchSites(
    {
      page: state.table.page,
      pageSize: state.table.pageSize,
      sorting: sortParam(state.table.sort),
      q: state.q,
    },
    ran,
  );
  const columns = useSiteColumns({ sortable: true });
  const update = (patch: ParamPatch) => setParams(patchParams(params, patch));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = searchValue(field, text);
    if ('error' in checked) {
      setError(t(`search.${checked.error}`));
      return;
    }
    setError(null);
    update({ field, q: checked.value });
  };

  return (
    <PageFrame>
      <Text size="sm">{t('search.intro')}</Text>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="field-search">
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm">
            <Title order={2} fz="lg" id="field-search">
              {t('search.fieldsTitle')}
            </Title>
            <Radio.Group
              value={field}
              onChange={(value) => {
                setField(value as SearchField);
                setError(null);
              }}
              label={t('search.searchBy')}
            >
              <Group gap="md" mt={6} wrap="wrap">
                {SEARCH_FIELDS.map((f) => (
                  <Radio key={f} value={f} label={t(`search.${f}`)} />
                ))}
              </Group>
            </Radio.Group>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label={t(`search.${field}`)}
                placeholder={field === 'mac' ? t('search.macPlaceholder') : undefined}
                value={text}
                maxLength={200}
                error={error}
                onChange={(event) => {
                  setText(event.currentTarget.value);
                  setError(null);
                }}
                style={{ flex: 1, minWidth: 220 }}
                leftSection={<IconSearch size={16} aria-hidden />}
              />
              <Group gap="xs">
                <Button type="submit">{t('search.submit')}</Button>
                <Button variant="default" onClick={() => setParams(new URLSearchParams())}>
                  {t('search.clear')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
      <AccountMacLookup />
      {ran ? (
        <Stack gap="xs" component="section" aria-labelledby="search-results">
          <Title order={2} fz="lg" id="search-results">
            {t('search.results')}
          </Title>
          <DataTable<SiteRow>
            tableId="sites-search"
            label={t('search.results')}
            columns={columns}
            {...serverListProps(state.table, update, results)}
            onOpen={(site) => navigate(paths.site(site.id))}
            openLabel={(site) => t('openSite', { name: site.name })}
            empty={
              <EmptyState icon={IconSearch} title={t('empty.filteredTitle')} text={t('empty.filteredText')} />
            }
          />
        </Stack>
      ) : (
        <EmptyState icon={IconSearch} title={t('search.hintTitle')} text={t('search.hint')} />
      )}
    </PageFrame>
  );
}
