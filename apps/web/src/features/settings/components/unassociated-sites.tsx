import { Anchor, Button, Card, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import type { Group, SiteSummary } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableFooter } from '../../../components/data-table/table-footer.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { toast } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { cityState } from '../../../lib/site-options.ts';
import { assignSites } from '../api/group-assign-sites.ts';
import { useGroupMutation } from '../api/group-mutation.ts';
import { useUnassociatedSites } from '../api/unassociated-sites.ts';

/**
 * Settings → Groups, for administrators: the organization's sites in no group (GET site/unassociated), which
 * people confined to groups cannot see, each with "Add to group" (POST group/assignSites with the group's sites
 * and this one).
 */
export function UnassociatedSites({ groups }: { groups: Group[] }) {
  const { t } = useTranslation('groups');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const [adding, setAdding] = useState<SiteSummary | null>(null);
  const sites = useUnassociatedSites(page, pageSize);
  const add = useGroupMutation(
    ({ group, site }: { group: Group; site: SiteSummary }) =>
      assignSites(group.id, [...group.siteIds, site.id]),
    (group, { site }) => {
      setAdding(null);
      toast(t('unassociated.added', { site: site.name, group: group.name }));
    },
  );
  const data = sites.data;
  // The last site of a later page went into a group: show the page that now exists.
  if (data && page > 0 && page >= data.totalPages) setPage(Math.max(0, data.totalPages - 1));

  return (
    <Card
      withBorder
      radius="md"
      component="section"
      aria-labelledby="unassociated-title"
      data-testid="unassociated-sites"
    >
      <Stack gap="sm">
        <Stack gap={4}>
          <Title id="unassociated-title" order={2} fz="lg">
            {data ? t('unassociated.titleCount', { count: data.totalElements }) : t('unassociated.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('unassociated.description')}
          </Text>
        </Stack>
        {sites.isPending ? (
          <Skeleton height={120} />
        ) : sites.isError ? (
          <LoadError
            error={sites.error}
            onRetry={() => void sites.refetch()}
            retryLabel={t('unassociated.retry')}
          />
        ) : data && data.totalElements === 0 ? (
          <Text size="sm">{t('unassociated.none')}</Text>
        ) : (
          <>
            <ScrollTable
              minWidth={340}
              verticalSpacing="xs"
              horizontalSpacing="md"
              head={
                <>
                  <Table.Th>{t('unassociated.site')}</Table.Th>
                  <Table.Th>{t('unassociated.place')}</Table.Th>
                  <Table.Th w={1}>{t('actions')}</Table.Th>
                </>
              }
            >
              {data?.content.map((site) => (
                <Table.Tr key={site.id}>
                  <Table.Td fw={600}>
                    <Anchor component={Link} to={paths.site(site.id)} size="sm">
                      {site.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{cityState(site)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconFolderPlus size={14} aria-hidden />}
                      disabled={groups.length === 0}
                      onClick={() => setAdding(site)}
                      aria-label={t('unassociated.addSite', { site: site.name })}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {t('unassociated.add')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ScrollTable>
            {groups.length === 0 ? (
              <Text size="xs" c="dimmed">
                {t('unassociated.noGroups')}
              </Text>
            ) : null}
            {data && data.totalElements > 10 ? (
              <TableFooter
                page={page}
                pageSize={pageSize}
                total={data.totalElements}
                onPageChange={setPage}
                onPageSizeChange={(size) => {
                  setPageSize(size);
                  setPage(0);
                }}
              />
            ) : null}
          </>
        )}
      </Stack>
      <AddToGroupModal
        site={adding}
        groups={groups}
        loading={add.isPending}
        onClose={() => setAdding(null)}
        onSubmit={(group) => adding && add.mutate({ group, site: adding })}
      />
    </Card>
  );
}

function AddToGroupModal({
  site,
  groups,
  loading,
  onClose,
  onSubmit,
}: {
  site: SiteSummary | null;
  groups: Group[];
  loading: boolean;
  onClose: () => void;
  onSubmit: (group: Group) => void;
}) {
  const { t } = useTranslation('groups');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const group = groups.find((g) => g.id === groupId);
    if (!group) {
      setError(t('unassociated.chooseGroup'));
      return;
    }
    onSubmit(group);
  };
  const close = () => {
    setGroupId(null);
    setError(null);
    onClose();
  };
  return (
    <FormModal
      opened={site !== null}
      onClose={close}
      title={t('unassociated.addTitle', { site: site?.name ?? '' })}
      centered
      onSubmit={submit}
      submitLabel={t('unassociated.add')}
      loading={loading}
    >
      <Select
        label={t('unassociated.group')}
        placeholder={t('unassociated.chooseGroup')}
        data={[...groups]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((group) => ({ value: group.id, label: group.name }))}
        value={groupId}
        onChange={(value) => {
          setGroupId(value);
          setError(null);
        }}
        error={error}
        searchable
        required
        data-autofocus
      />
    </FormModal>
  );
}
