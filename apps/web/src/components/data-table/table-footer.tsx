import { ActionIcon, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../lib/intl.ts';
import { PAGE_SIZES, pageCount, pageRange } from './table-params.ts';

export interface TableFooterProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  pageSizes?: readonly number[];
  /** The first page is on its way: no range to tell yet. */
  loading?: boolean;
}

/** Page size, "1–50 of 1,234", and first / previous / next / last. */
export function TableFooter({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizes = PAGE_SIZES,
  loading = false,
}: TableFooterProps) {
  const { t, i18n } = useTranslation('table');
  const sizeId = useId();
  const number = numberFormat(i18n.language);
  const { from, to } = pageRange(page, pageSize, total);
  const pages = pageCount(pageSize, total);
  const last = pages - 1;
  const nav = (label: string, target: number, disabled: boolean, Icon: typeof IconChevronLeft) => (
    <ActionIcon
      variant="default"
      size="md"
      aria-label={label}
      disabled={disabled}
      onClick={() => onPageChange(target)}
    >
      <Icon size={16} aria-hidden />
    </ActionIcon>
  );
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-testid="table-footer" py="xs">
      <Group gap="xs" wrap="nowrap">
        <Text component="label" htmlFor={sizeId} size="sm">
          {t('rowsPerPage')}
        </Text>
        <NativeSelect
          id={sizeId}
          size="xs"
          w={76}
          value={String(pageSize)}
          data={pageSizes.map((s) => String(s))}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
        />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" aria-live="polite" data-testid="table-range">
          {loading
            ? t('loadingRange')
            : t('range', { from: number.format(from), to: number.format(to), total: number.format(total) })}
        </Text>
        <Group gap={4} wrap="nowrap" component="nav" aria-label={t('pagination')}>
          {nav(t('firstPage'), 0, loading || page <= 0, IconChevronsLeft)}
          {nav(t('previousPage'), page - 1, loading || page <= 0, IconChevronLeft)}
          {!loading && (
            <Text size="sm" px={4} style={{ whiteSpace: 'nowrap' }}>
              {t('pageOf', { page: number.format(page + 1), pages: number.format(pages) })}
            </Text>
          )}
          {nav(t('nextPage'), page + 1, loading || page >= last, IconChevronRight)}
          {nav(t('lastPage'), last, loading || page >= last, IconChevronsRight)}
        </Group>
      </Group>
    </Group>
  );
}
