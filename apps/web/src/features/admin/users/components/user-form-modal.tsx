import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type AdminUser,
  CreateUserRequestSchema,
  EditUserRequestSchema,
  MANAGED_ROLES,
  type ManagedRole,
} from '@vnoc/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../../components/form-error.tsx';
import { ModalForm } from '../../../../components/form-modal.tsx';
import { SiteGroupMultiSelect } from '../../../../components/site-group-multi-select.tsx';
import { fieldErrors } from '../../../../lib/form-validation.ts';
import { personName } from '../../../../lib/user-name.ts';

export interface UserFormValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: ManagedRole;
  siteGroupIds: string[];
  active: boolean;
}

const empty: UserFormValues = {
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  role: 'READ_ONLY',
  siteGroupIds: [],
  active: true,
};

function valuesOf(user: AdminUser | null): UserFormValues {
  if (!user) return empty;
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    role: user.role === 'SUPPORT' ? 'READ_ONLY' : user.role,
    siteGroupIds: user.siteGroups.map((g) => g.id),
    active: user.status !== 'deactivated',
  };
}

// The shared schema's messages, as keys of this screen's namespace.
const messageKeys: Record<string, string> = {
  'Enter a valid email address.': 'validation.email',
  'Enter the first name.': 'validation.firstName',
  'Enter the last name.': 'validation.lastName',
  'Enter a valid phone number.': 'validation.phone',
};

interface UserFormModalProps {
  opened: boolean;
  /** null: create a person. */
  user: AdminUser | null;
  /** The signed-in administrator's own id: they cannot deactivate themselves. */
  selfId: string | undefined;
  loading: boolean;
  failure: string | null;
  onClose: () => void;
  onSubmit: (values: UserFormValues) => void;
}

/**
 * Create or edit a person: contact, role, site groups and (edit) whether the account is active. Making someone an
 * administrator (a new person, or one who was not) asks first, in the same dialog: it hands them every person and
 * setting of the organization (issue 37). "Back" returns to the form as it was left.
 */
export function UserFormModal({
  opened,
  user,
  selfId,
  loading,
  failure,
  onClose,
  onSubmit,
}: UserFormModalProps) {
  const { t } = useTranslation('adminUsers');
  const editing = user !== null;
  const form = useForm<UserFormValues>({
    initialValues: valuesOf(user),
    validate: (values) => {
      const parsed = editing
        ? EditUserRequestSchema.safeParse({ ...values, id: user.id, phone: values.phone })
        : CreateUserRequestSchema.safeParse(values);
      if (parsed.success) return {};
      return fieldErrors(
        parsed.error.issues,
        (issue) => t(messageKeys[issue.message] ?? 'validation.invalid'),
        ([field = '']) => field,
      );
    },
  });
  // The values waiting for "yes, make them an administrator"; null while the form shows.
  const [promoting, setPromoting] = useState<UserFormValues | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another person (or none) opens
  useEffect(() => {
    if (opened) form.setValues(valuesOf(user));
    if (opened) form.resetDirty(valuesOf(user));
    setPromoting(null);
  }, [opened, user?.id]);
  const submit = (values: UserFormValues) => {
    if (values.role === 'ADMINISTRATOR' && user?.role !== 'ADMINISTRATOR') setPromoting(values);
    else onSubmit(values);
  };

  const pending = user?.status === 'pending';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t('form.editTitle', { name: personName(user) }) : t('form.createTitle')}
      size="lg"
    >
      {promoting && (
        <Stack gap="md" data-testid="confirm-administrator">
          <Text fw={600}>{t('confirm.promoteTitle', { name: personName(promoting) })}</Text>
          <Text size="sm">{t('confirm.promoteText')}</Text>
          <FormError error={failure} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPromoting(null)} disabled={loading}>
              {t('actions.back')}
            </Button>
            <Button color="orange" loading={loading} onClick={() => onSubmit(promoting)} data-autofocus>
              {t('actions.promote')}
            </Button>
          </Group>
        </Stack>
      )}
      {/* Kept mounted, only hidden, while the promotion is confirmed. */}
      <div hidden={promoting !== null}>
        <ModalForm
          onSubmit={form.onSubmit(submit)}
          onCancel={onClose}
          submitLabel={editing ? t('actions.save') : t('actions.create')}
          loading={loading}
          error={failure}
        >
          <TextInput
            {...form.getInputProps('email')}
            key={form.key('email')}
            label={t('form.email')}
            type="email"
            autoComplete="off"
            required
            disabled={editing}
            description={editing ? undefined : t('form.emailHelp')}
            data-autofocus={editing ? undefined : true}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
            <TextInput
              {...form.getInputProps('firstName')}
              key={form.key('firstName')}
              label={t('form.firstName')}
              required
              data-autofocus={editing ? true : undefined}
            />
            <TextInput
              {...form.getInputProps('lastName')}
              key={form.key('lastName')}
              label={t('form.lastName')}
              required
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
            <TextInput
              {...form.getInputProps('phone')}
              key={form.key('phone')}
              label={t('form.phone')}
              placeholder="+12025550123"
              type="tel"
              autoComplete="off"
            />
            <Select
              {...form.getInputProps('role')}
              key={form.key('role')}
              label={t('form.role')}
              data={MANAGED_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              allowDeselect={false}
              required
            />
          </SimpleGrid>
          <SiteGroupMultiSelect
            {...form.getInputProps('siteGroupIds')}
            key={form.key('siteGroupIds')}
            description={t('form.siteGroupsHelp')}
          />
          {editing && !pending && (
            <Switch
              {...form.getInputProps('active', { type: 'checkbox' })}
              key={form.key('active')}
              label={t('form.active')}
              description={t('form.activeHelp')}
              disabled={user.id === selfId}
            />
          )}
        </ModalForm>
      </div>
    </Modal>
  );
}
