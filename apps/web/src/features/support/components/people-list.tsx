import { Badge, Button, Stack, Text, Tooltip } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { SupportPerson } from '@vnoc/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showBanner } from '../../../lib/banner.ts';
import { errorMessage } from '../../../lib/error-handler.ts';
import { formatDate } from '../../../lib/format.ts';
import { personName } from '../../../lib/user-name.ts';
import { generateAccessCode } from '../api/generate-access-code.ts';
import { useSupportPeople } from '../api/get-support-people.ts';
import { AccessCodeModal } from './access-code-modal.tsx';
import { organizationColumn, SupportList, useSupportListParams } from './support-list.tsx';

/** Why the person cannot be acted as, or null when they can. */
export function actBlocker(person: SupportPerson): 'supportAccessOff' | 'notActive' | null {
  if (!person.organization.supportAccess) return 'supportAccessOff';
  if (person.status !== 'active') return 'notActive';
  return null;
}

type Issued = { person: SupportPerson; accessCode: string; issuedAt: number };

/** Support area: find a customer's person and generate the access code to act as them. */
export function PeopleList() {
  const { t } = useTranslation('support');
  const { t: tc } = useTranslation();
  const list = useSupportListParams();
  // The server orders people by organization, then name.
  const people = useSupportPeople(list.request);
  const [issued, setIssued] = useState<Issued | null>(null);
  const generate = useMutation({
    mutationFn: (person: SupportPerson) => generateAccessCode(person.id),
    onSuccess: ({ accessCode }, person) => setIssued({ person, accessCode, issuedAt: Date.now() }),
    onError: (error) => showBanner('danger', errorMessage(error)),
  });

  const columns = useMemo<ColumnDef<SupportPerson>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.person'),
        enableHiding: false,
        enableSorting: false,
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {personName(row.original, '—')}
            </Text>
            <Text size="xs" c="dimmed">
              {row.original.email}
            </Text>
          </Stack>
        ),
      },
      organizationColumn<SupportPerson>(t('columns.organization'), (person) =>
        person.organization.supportAccess ? null : (
          <Badge size="xs" color="gray" variant="light">
            {t('supportAccessOff')}
          </Badge>
        ),
      ),
      {
        id: 'role',
        header: t('columns.role'),
        enableSorting: false,
        cell: ({ row }) => tc(`roles.${row.original.role}`),
      },
      {
        id: 'status',
        header: t('columns.status'),
        enableSorting: false,
        cell: ({ row }) => (
          <Badge
            size="sm"
            variant="light"
            color={
              row.original.status === 'active'
                ? 'green'
                : row.original.status === 'pending'
                  ? 'yellow'
                  : 'gray'
            }
          >
            {t(`status.${row.original.status}`)}
          </Badge>
        ),
      },
      {
        id: 'lastSignIn',
        header: t('columns.lastSignIn'),
        enableSorting: false,
        cell: ({ row }) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {row.original.lastSignInAt ? formatDate(row.original.lastSignInAt) : t('never')}
          </Text>
        ),
      },
      {
        id: 'act',
        header: t('columns.act'),
        enableHiding: false,
        enableSorting: false,
        cell: ({ row }) => {
          const person = row.original;
          const blocker = actBlocker(person);
          const name = personName(person, person.email);
          const button = (
            <Button
              size="xs"
              variant="light"
              disabled={blocker !== null}
              loading={generate.isPending && generate.variables?.id === person.id}
              onClick={() => generate.mutate(person)}
              aria-label={t('actAsLabel', { name })}
            >
              {t('actAs')}
            </Button>
          );
          return blocker ? (
            <Tooltip label={t(`blocked.${blocker}`)} withArrow>
              <span>{button}</span>
            </Tooltip>
          ) : (
            button
          );
        },
      },
    ],
    [t, tc, generate],
  );

  return (
    <>
      <SupportList<SupportPerson>
        tableId="support-people"
        label={t('tableLabel')}
        columns={columns}
        list={list}
        query={people}
        icon={IconUserSearch}
        words={{
          searchLabel: t('search.label'),
          searchPlaceholder: t('search.placeholder'),
          emptyTitle: t('empty.title'),
          emptyText: t('empty.text'),
          noMatchTitle: t('empty.noMatchTitle'),
          noMatchText: t('empty.noMatchText', { q: list.state.q }),
        }}
      />
      {issued && (
        <AccessCodeModal
          {...issued}
          onClose={() => setIssued(null)}
          onRenew={() => generate.mutate(issued.person)}
          renewing={generate.isPending}
        />
      )}
    </>
  );
}
