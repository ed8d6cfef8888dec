import { Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ImportProblem } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { problemMessage } from '../utils/messages.ts';
import { ImportTable } from './import-table.tsx';

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
      <ImportTable
        label={t('import.problemsLabel')}
        columns={[t('import.line'), t('import.column'), t('import.problem.label')]}
        minWidth={260}
        maxHeight={320}
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
      </ImportTable>
    </Notice>
  );
}
