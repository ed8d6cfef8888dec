import { Alert, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconFileImport, IconLock } from '@tabler/icons-react';
import type { DeviceSecret, ProvisionedDevice, ProvisionedDeviceWithSecret } from '@vnoc/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AddButton } from '../../../components/add-button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { useProvisioningOrganizations } from '../api/get-provisioning-organizations.ts';
import { useProvisioningSites } from '../api/get-provisioning-sites.ts';
import { AddDeviceModal } from '../components/add-device-modal.tsx';
import { DeviceList } from '../components/device-list.tsx';
import { ImportModal } from '../components/import-modal.tsx';
import { SecretActionModal } from '../components/secret-action-modal.tsx';
import { SecretPanel } from '../components/secret-panel.tsx';
import { deviceLabel } from '../utils/device-form.ts';

type Open =
  | { kind: 'add' }
  | { kind: 'import' }
  | { kind: 'action'; action: 'rotate' | 'revoke'; device: ProvisionedDevice }
  | { kind: 'secret'; name: string; deviceId: string; secret: DeviceSecret; rotated: boolean };

/**
 * Devices to connect: the provider's support staff pick a customer organization, add its real devices (or
 * import them from a CSV file), hand each its secret and setup lines, and rotate or revoke secrets.
 */
export function Component() {
  const { t } = useTranslation('provisioning');
  const { claims } = useAuth();
  if (claims?.role !== 'SUPPORT' || claims.impersonatedBy) {
    return (
      <PageFrame>
        <EmptyState icon={IconLock} title={t('notSupport.title')} text={t('notSupport.text')} />
      </PageFrame>
    );
  }
  return <ProvisioningScreen />;
}

function ProvisioningScreen() {
  const { t } = useTranslation('provisioning');
  const [params, setParams] = useSearchParams();
  const organizationId = params.get('org');
  const organizations = useProvisioningOrganizations();
  const organization = organizations.data?.find((o) => o.id === organizationId) ?? null;
  const sites = useProvisioningSites(organization?.id ?? null);
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const onAction = useCallback(
    (action: 'rotate' | 'revoke', device: ProvisionedDevice) => setOpen({ kind: 'action', action, device }),
    [],
  );

  const pick = (id: string | null) => setParams(id ? { org: id } : {}, { replace: false });

  const noSites = sites.data !== undefined && sites.data.length === 0;
  const addButton = (
    <AddButton
      onClick={() => setOpen({ kind: 'add' })}
      disabled={!sites.data || noSites}
      data-testid="add-device"
    >
      {t('actions.add')}
    </AddButton>
  );
  const importButton = (
    <Button
      variant="default"
      leftSection={<IconFileImport size={16} aria-hidden />}
      onClick={() => setOpen({ kind: 'import' })}
      disabled={noSites}
      data-testid="import-devices"
    >
      {t('actions.import')}
    </Button>
  );

  const shown = (created: ProvisionedDeviceWithSecret) =>
    setOpen({
      kind: 'secret',
      name: deviceLabel(created.device),
      deviceId: created.device.id,
      secret: { secret: created.secret, setup: created.setup },
      rotated: false,
    });

  return (
    <PageFrame
      actions={
        organization ? (
          <Group gap="sm">
            {importButton}
            {addButton}
          </Group>
        ) : undefined
      }
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed" maw={760}>
          {t('intro')}
        </Text>
        {organizations.error ? (
          <LoadError
            error={organizations.error}
            onRetry={() => void organizations.refetch()}
            retryLabel={t('retry')}
          />
        ) : organizations.isLoading ? (
          <Skeleton height={60} maw={420} />
        ) : (
          <Select
            label={t('organization.label')}
            placeholder={t('organization.placeholder')}
            data={(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            value={organization?.id ?? null}
            onChange={pick}
            searchable
            clearable
            nothingFoundMessage={t('organization.nothing')}
            maw={420}
            data-testid="organization-picker"
          />
        )}
        {organization && noSites && (
          <Alert color="yellow" variant="light">
            {t('organization.noSites')}
          </Alert>
        )}
        {organization ? (
          <DeviceList
            key={organization.id}
            organizationId={organization.id}
            organizationName={organization.name}
            onAction={onAction}
            emptyActions={noSites ? null : addButton}
          />
        ) : (
          !organizations.isLoading &&
          !organizations.error && (
            <EmptyState
              icon={IconBuildingStore}
              title={t('organization.chooseTitle')}
              text={t('organization.chooseText')}
            />
          )
        )}
      </Stack>
      {organization && open?.kind === 'add' && sites.data && (
        <AddDeviceModal
          organizationName={organization.name}
          sites={sites.data}
          onClose={close}
          onAdded={shown}
        />
      )}
      {organization && open?.kind === 'import' && (
        <ImportModal organizationId={organization.id} organizationName={organization.name} onClose={close} />
      )}
      {open?.kind === 'action' && (
        <SecretActionModal
          action={open.action}
          device={open.device}
          onClose={close}
          onRotated={(secret) =>
            setOpen({
              kind: 'secret',
              name: deviceLabel(open.device),
              deviceId: open.device.id,
              secret,
              rotated: true,
            })
          }
        />
      )}
      {open?.kind === 'secret' && (
        <SecretPanel
          deviceName={open.name}
          deviceId={open.deviceId}
          secret={open.secret.secret}
          setup={open.secret.setup}
          rotated={open.rotated}
          onClose={close}
        />
      )}
    </PageFrame>
  );
}
