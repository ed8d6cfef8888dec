import { Button, Code, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import {
  IMPORT_COLUMNS,
  IMPORT_CSV_MAX_CHARS,
  type ImportDevicesAnswer,
  type ImportProblem,
  importProblemsOf,
  type ProvisionedDeviceWithSecret,
} from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useImportDevices } from '../api/import-devices.ts';
import { ImportProblems } from './import-problems.tsx';
import { ImportTable } from './import-table.tsx';
import { ProvisioningModal } from './provisioning-modal.tsx';
import { SecretOnceWarning } from './secret-once-warning.tsx';

interface ImportModalProps {
  organizationId: string;
  organizationName: string;
  onClose: () => void;
}

/** How many of the checked rows or created secrets the modal lists (the rest are in the file). */
const SHOWN_ROWS = 20;

/** The created devices' secrets as a CSV file (the only copy there will be). */
export function secretsCsv(created: ProvisionedDeviceWithSecret[]): string {
  const lines = ['device_id,mac_address,driver,site_id,secret'];
  for (const { device, secret } of created)
    lines.push([device.id, device.macAddress, device.driver, device.site.id, secret].join(','));
  return `${lines.join('\n')}\n`;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** The rows' problems of a refused import; null when the refusal was not about rows. */
function problemsOf(error: unknown): ImportProblem[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const problems = importProblemsOf(error.body?.errors);
  return problems.length > 0 ? problems : null;
}

/**
 * Import CSV: choose a file, check it (a dry run that lists every bad row and adds nothing), then add every
 * device at once; their secrets are shown once, with a file to keep them.
 */
export function ImportModal({ organizationId, organizationName, onClose }: ImportModalProps) {
  const { t } = useTranslation('provisioning');
  const run = useImportDevices();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [checked, setChecked] = useState<ImportDevicesAnswer | null>(null);
  const [created, setCreated] = useState<ProvisionedDeviceWithSecret[] | null>(null);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setChecked(null);
    run.reset();
    setCsv(null);
    setFileError(null);
    if (!chosen) return;
    const text = await chosen.text();
    if (text.length > IMPORT_CSV_MAX_CHARS) setFileError(t('import.tooLarge'));
    else setCsv(text);
  };

  const check = () => {
    if (csv === null) return;
    run.mutate({ organizationId, csv, dryRun: true }, { onSuccess: setChecked });
  };
  const add = () => {
    if (csv === null) return;
    run.mutate(
      { organizationId, csv, dryRun: false },
      {
        onSuccess: (answer) => setCreated(answer.created),
        onError: () => setChecked(null),
      },
    );
  };

  const problems = problemsOf(run.error);

  if (created) {
    return (
      <ProvisioningModal
        onClose={onClose}
        title={t('import.createdTitle', { count: created.length })}
        size="xl"
      >
        <Stack>
          <SecretOnceWarning>{t('import.createdText')}</SecretOnceWarning>
          <Group>
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() =>
                download(
                  `vnoc-device-secrets-${new Date().toISOString().slice(0, 10)}.csv`,
                  secretsCsv(created),
                )
              }
              data-testid="import-download-secrets"
            >
              {t('import.downloadSecrets')}
            </Button>
          </Group>
          <ImportTable
            label={t('import.createdLabel')}
            columns={[t('columns.mac'), t('secret.deviceId'), t('secret.secret')]}
            minWidth={560}
          >
            {created.slice(0, SHOWN_ROWS).map(({ device, secret }) => (
              <Table.Tr key={device.id}>
                <Table.Td ff="monospace">{device.macAddress}</Table.Td>
                <Table.Td ff="monospace">{device.id}</Table.Td>
                <Table.Td>
                  <Code style={{ wordBreak: 'break-all' }}>{secret}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </ImportTable>
          {created.length > SHOWN_ROWS && (
            <Text size="sm" c="dimmed">
              {t('import.moreInFile', { count: created.length - SHOWN_ROWS })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('secret.done')}</Button>
          </Group>
        </Stack>
      </ProvisioningModal>
    );
  }

  return (
    <ProvisioningModal
      onClose={onClose}
      title={t('import.title', { organization: organizationName })}
      size="xl"
    >
      <Stack>
        <Text size="sm">{t('import.intro')}</Text>
        <Code block>{IMPORT_COLUMNS.join(',')}</Code>
        <Text size="xs" c="dimmed">
          {t('import.columnsHelp')}
        </Text>
        <FileInput
          label={t('import.file')}
          placeholder={t('import.filePlaceholder')}
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          value={file}
          onChange={(chosen) => void choose(chosen)}
          error={fileError}
          clearable
          data-autofocus
        />
        {problems ? <ImportProblems problems={problems} /> : <FormError error={run.error} />}
        {checked && (
          <Stack gap="xs" data-testid="import-ready">
            <Text size="sm" fw={500}>
              {t('import.ready', { count: checked.rows.length })}
            </Text>
            <ImportTable
              label={t('import.readyLabel')}
              columns={[
                t('import.line'),
                t('columns.site'),
                t('columns.device'),
                t('columns.mac'),
                t('columns.driver'),
              ]}
              minWidth={560}
              maxHeight={280}
            >
              {checked.rows.slice(0, SHOWN_ROWS).map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{row.site.name}</Table.Td>
                  <Table.Td>{`${row.manufacturer} ${row.model}`}</Table.Td>
                  <Table.Td ff="monospace">{row.macAddress}</Table.Td>
                  <Table.Td>{t(`driver.${row.driver}`)}</Table.Td>
                </Table.Tr>
              ))}
            </ImportTable>
            {checked.rows.length > SHOWN_ROWS && (
              <Text size="sm" c="dimmed">
                {t('import.moreRows', { count: checked.rows.length - SHOWN_ROWS })}
              </Text>
            )}
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={run.isPending}>
            {t('cancel')}
          </Button>
          {checked ? (
            <Button onClick={add} loading={run.isPending} data-testid="import-add">
              {t('import.add', { count: checked.rows.length })}
            </Button>
          ) : (
            <Button
              onClick={check}
              loading={run.isPending}
              disabled={csv === null}
              data-testid="import-check"
            >
              {t('import.check')}
            </Button>
          )}
        </Group>
      </Stack>
    </ProvisioningModal>
  );
}
