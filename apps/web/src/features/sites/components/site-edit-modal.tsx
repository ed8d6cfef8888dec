import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconMapPinSearch,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import {
  type Address,
  AddressInputSchema,
  EditSiteRequestSchema,
  ErrorIds,
  type Site,
  type VerifyAddressResponse,
} from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ModalForm } from '../../../components/form-modal.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-handler.ts';
import { fieldErrors, issueMessage } from '../../../lib/form-validation.ts';
import { toast } from '../../../lib/notify.ts';
import { useEditSite } from '../api/edit-site.ts';
import { useVerifyAddress } from '../api/verify-address.ts';
import { addressLines } from './site-details.tsx';
import {
  type AddressValues,
  addressRequest,
  addressValues,
  newContact,
  type SiteEditValues,
  sameAddress,
  siteEditValues,
  toEditRequest,
} from './site-edit-form.ts';

const MAX_CONTACTS = 20;

// The shared schemas speak English; these of their messages have a twin in siteDetail.json.
const messageKeys: Record<string, string> = {
  'Enter the site name.': 'edit.validation.name',
  'Enter the contact name.': 'edit.validation.contactName',
  'Enter the city.': 'edit.validation.city',
  'Enter a valid ZIP code.': 'edit.validation.zip',
};

/** Zod issues as field path → first message, in the current language; `prefix` joins nested paths. */
function errorsOf(
  issues: z.core.$ZodIssue[],
  t: TFunction<'siteDetail'>,
  prefix = '',
): Record<string, string> {
  return fieldErrors(
    issues,
    (issue) => {
      const key = messageKeys[issue.message];
      return key ? t(key) : issueMessage(issue, t);
    },
    (path) => prefix + path.join('.'),
  );
}

/** The form's errors from the request schema (the address only when it changed: it is sent only then). */
function validate(site: Site, values: SiteEditValues, t: TFunction<'siteDetail'>): Record<string, string> {
  const result = EditSiteRequestSchema.safeParse(toEditRequest(site, values));
  return result.success ? {} : errorsOf(result.error.issues, t);
}

/** What the last "Verify address" said, for the fields it was about. */
interface Check {
  fields: AddressValues;
  result: VerifyAddressResponse;
}

/** A save failure inline: an unverifiable address and the address service in this language, else the shared text. */
function saveErrorText(error: unknown, t: TFunction<'siteDetail'>): string {
  if (error instanceof ApiError) {
    if (error.status === 400 && error.body?.errors?.[0]?.path === 'address')
      return t('edit.address.notVerifiedError');
    if (error.body?.id === ErrorIds.geocoderUnavailable) return t('edit.address.unavailable');
  }
  return errorMessage(error);
}

export function SiteEditForm({ site, onClose }: { site: Site; onClose: () => void }) {
  const { t } = useTranslation('siteDetail');
  const save = useEditSite();
  const verify = useVerifyAddress();
  const [check, setCheck] = useState<Check | null>(null);
  // Set at the click, before the mutation's pending state renders, so an Enter right after cannot save.
  const verifying = useRef(false);
  const form = useForm<SiteEditValues>({
    initialValues: siteEditValues(site),
    validate: (values) => validate(site, values, t),
  });
  const address = form.values.address;
  // The status shows only while the fields still say what was checked.
  const current = check && sameAddress(check.fields, address) ? check.result : null;
  const changed = !sameAddress(address, site.address);

  const runVerify = (fields: AddressValues) => {
    const parsed = AddressInputSchema.safeParse(addressRequest(fields));
    if (!parsed.success) {
      form.setErrors(errorsOf(parsed.error.issues, t, 'address.'));
      return;
    }
    verifying.current = true;
    verify.mutate(addressRequest(fields), {
      onSettled: () => {
        verifying.current = false;
      },
      onSuccess: (result) => {
        // A verified address is applied to the fields in its normalized form.
        const checked = result.verified ? addressValues(result.address) : fields;
        if (result.verified) form.setFieldValue('address', checked);
        setCheck({ fields: checked, result });
      },
    });
  };

  const applySuggestion = (suggestion: Address) => {
    const fields = addressValues(suggestion);
    form.setFieldValue('address', fields);
    runVerify(fields);
  };

  const onSubmit = form.onSubmit((values) => {
    save.mutate(EditSiteRequestSchema.parse(toEditRequest(site, values)), {
      onSuccess: (saved) => {
        toast(t('edit.updated', { name: saved.name }));
        onClose();
      },
    });
  });

  return (
    <ModalForm
      onSubmit={(event) => {
        // Enter in a field while the address is being checked waits for the answer.
        if (!verifying.current) onSubmit(event);
      }}
      onCancel={onClose}
      submitLabel={t('save')}
      loading={save.isPending}
      submitDisabled={verify.isPending}
      submitTestId="site-edit-save"
      data-testid="site-edit-form"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          {...form.getInputProps('name')}
          label={t('edit.name')}
          maxLength={100}
          required
          data-autofocus
          data-testid="site-edit-name"
        />
        <TextInput {...form.getInputProps('alias')} label={t('edit.alias')} maxLength={100} />
      </SimpleGrid>

      <Fieldset legend={t('edit.address.title')} variant="filled" radius="md">
        <Stack gap="sm">
          <TextInput
            {...form.getInputProps('address.street')}
            label={t('edit.address.street')}
            maxLength={200}
            autoComplete="address-line1"
            data-testid="site-edit-street"
          />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="sm">
            {(
              [
                // The address line under the street: limits as the API's, and the browser's autofill names.
                {
                  field: 'city',
                  label: t('edit.address.city'),
                  maxLength: 100,
                  autoComplete: 'address-level2',
                  required: true,
                },
                {
                  field: 'state',
                  label: t('edit.address.state'),
                  maxLength: 50,
                  autoComplete: 'address-level1',
                  required: false,
                },
                {
                  field: 'zip',
                  label: t('edit.address.zip'),
                  maxLength: 10,
                  autoComplete: 'postal-code',
                  required: false,
                },
                {
                  field: 'country',
                  label: t('edit.address.country'),
                  maxLength: 56,
                  autoComplete: 'country',
                  required: false,
                },
              ] as const
            ).map(({ field, label, maxLength, autoComplete, required }) => (
              <TextInput
                key={field}
                {...form.getInputProps(`address.${field}`)}
                label={label}
                maxLength={maxLength}
                required={required}
                autoComplete={autoComplete}
                data-testid={`site-edit-${field}`}
              />
            ))}
          </SimpleGrid>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Button
              variant="light"
              leftSection={<IconMapPinSearch size={16} aria-hidden />}
              loading={verify.isPending}
              onClick={() => runVerify(address)}
              data-testid="site-edit-verify"
            >
              {t('edit.address.verify')}
            </Button>
            <Stack
              gap={4}
              style={{ flex: '1 1 16rem' }}
              aria-live="polite"
              data-testid="site-edit-verification"
            >
              {verify.isError && !verify.isPending && (
                <Text size="sm" c="red">
                  {saveErrorText(verify.error, t)}
                </Text>
              )}
              {current && (
                <Badge
                  color={current.verified ? 'green' : 'orange'}
                  variant="light"
                  leftSection={
                    current.verified ? (
                      <IconCircleCheck size={14} aria-hidden />
                    ) : (
                      <IconAlertTriangle size={14} aria-hidden />
                    )
                  }
                >
                  {current.verified ? t('edit.address.verified') : t('edit.address.notVerified')}
                </Badge>
              )}
              {current?.verified && (
                <Text size="sm" data-testid="site-edit-normalized">
                  {addressLines(current.address).join(', ')}
                </Text>
              )}
              {current && !current.verified && (
                <>
                  <Text size="sm" c="dimmed">
                    {current.suggestions.length > 0
                      ? t('edit.address.suggestions')
                      : t('edit.address.noSuggestions')}
                  </Text>
                  {current.suggestions.map((suggestion) => {
                    const line = addressLines(suggestion).join(', ');
                    return (
                      <Button
                        key={line}
                        variant="subtle"
                        size="compact-sm"
                        justify="flex-start"
                        onClick={() => applySuggestion(suggestion)}
                        aria-label={t('edit.address.useSuggestion', { address: line })}
                        data-testid="site-edit-suggestion"
                        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                      >
                        {line}
                      </Button>
                    );
                  })}
                </>
              )}
              {!current && !verify.isError && changed && (
                <Text size="sm" c="dimmed">
                  {t('edit.address.verifyOnSave')}
                </Text>
              )}
            </Stack>
          </Group>
        </Stack>
      </Fieldset>

      <Fieldset legend={t('edit.contacts.title')} variant="filled" radius="md">
        <Stack gap="sm">
          {form.values.contacts.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('contacts.empty')}
            </Text>
          )}
          {form.values.contacts.map((contact, index) => (
            <Group
              key={contact.key}
              gap="xs"
              align="flex-start"
              wrap="nowrap"
              data-testid="site-edit-contact"
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" style={{ flex: 1 }}>
                <TextInput
                  {...form.getInputProps(`contacts.${index}.name`)}
                  label={t('edit.contacts.name')}
                  maxLength={100}
                  required
                />
                <TextInput
                  {...form.getInputProps(`contacts.${index}.role`)}
                  label={t('edit.contacts.role')}
                  maxLength={100}
                />
                <PhoneInput
                  {...form.getInputProps(`contacts.${index}.phone`)}
                  value={contact.phone}
                  label={t('edit.contacts.phone')}
                  withHint={false}
                />
                <TextInput
                  {...form.getInputProps(`contacts.${index}.email`)}
                  label={t('edit.contacts.email')}
                  type="email"
                  maxLength={254}
                />
              </SimpleGrid>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={24}
                aria-label={t('edit.contacts.remove', { name: contact.name || t('edit.contacts.unnamed') })}
                onClick={() => form.removeListItem('contacts', index)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <div>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={form.values.contacts.length >= MAX_CONTACTS}
              onClick={() => form.insertListItem('contacts', newContact())}
            >
              {t('edit.contacts.add')}
            </Button>
          </div>
        </Stack>
      </Fieldset>

      {save.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="site-edit-error">
          {saveErrorText(save.error, t)}
        </Alert>
      )}
    </ModalForm>
  );
}
