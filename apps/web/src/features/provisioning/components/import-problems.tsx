import { Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ImportProblem } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { problemMessage } from '../utils/messages.ts';

/** Every bad row of a CSV file: its line, its column and what is wrong, with nothing added. */
export function ImportProblems({ problems }: { problems: ImportProblem[] }) {
  const { t } = useTranslation('provisioning');
  const rows = new Set(problems.map((p) => p.line)).size;
  return (
    <Notice
      color="red"
      icon={IconAlertCircle}
      title={t('import.problemsTitle', { count: rows })}
      role="alert"
      data-testid="import-problems"
    >
      <Text size="sm" mb="xs">
        {t('import.problemsText')}
      </Text>
      <ScrollTable
        minWidth={260}
        maxHeight={320}
        striped
        withTableBorder
        fz="sm"
        aria-label={t('import.problemsLabel')}
        head={
          <>
            <Table.Th scope="col">{t('import.line')}</Table.Th>
            <Table.Th scope="col">{t('import.column')}</Table.Th>
            <Table.Th scope="col">{t('import.problem.label')}</Table.Th>
          </>
        }
      >
        {problems.map((problem) => (
          <Table.Tr key={`${problem.line}-${problem.field}-${problem.message}`}>
            <Table.Td>{problem.line}</Table.Td>
            <Table.Td>
              <Text component="span" ff="monospace" size="sm">
                {problem.field || '—'}
              </Text>
            </Table.Td>
            <Table.Td>{problemMessage(problem, t)}</Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
    </Notice>
  );
}
