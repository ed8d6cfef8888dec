import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { UpdateContactRequestSchema, type User } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { PhoneInput, phoneForSubmit } from '../../../components/phone-input.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { handleError } from '../../../lib/error-handler.ts';
import { schemaValidator, useErrorsFollowLanguage } from '../../../lib/form-validation.ts';
import { toast } from '../../../lib/notify.ts';
import { useUpdateContact } from '../api/update-contact.ts';

interface ContactValues {
  firstName: string;
  lastName: string;
  title: string;
  company: string;
  mobileNumber: string;
  officeNumber: string;
  emailAddress: string;
}

/** The two phone numbers, each with what a browser may fill it with. */
const PHONE_FIELDS = [
  { field: 'mobileNumber', autoComplete: 'tel' },
  { field: 'officeNumber', autoComplete: 'work tel' },
] as const;

function toRequest(values: ContactValues) {
  return {
    ...values,
    mobileNumber: values.mobileNumber.trim() ? phoneForSubmit(values.mobileNumber) : '',
    officeNumber: values.officeNumber.trim() ? phoneForSubmit(values.officeNumber) : '',
  };
}

function initialValues(user: User): ContactValues {
  const { contact } = user;
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    title: contact.title ?? '',
    company: contact.company ?? '',
    mobileNumber: contact.mobileNumber ?? '',
    officeNumber: contact.officeNumber ?? '',
    emailAddress: contact.emailAddress ?? '',
  };
}

/** Contact details (POST userProfile/updateContact); success reads '{first} {last} successfully updated'. */
export function ContactDetailsForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  // Written out, so the locale test sees each key.
  const phoneLabels = { mobileNumber: t('contact.mobileNumber'), officeNumber: t('contact.officeNumber') };
  const update = useUpdateContact();
  const form = useForm<ContactValues>({
    initialValues: initialValues(user),
    validate: schemaValidator(UpdateContactRequestSchema, t, toRequest),
  });
  useErrorsFollowLanguage(form);

  const onSubmit = form.onSubmit((values) => {
    update.mutate(UpdateContactRequestSchema.parse(toRequest(values)), {
      onSuccess: (saved) => {
        form.setValues(initialValues(saved));
        form.resetDirty(initialValues(saved));
        toast(t('contact.updated', { first: saved.contact.firstName, last: saved.contact.lastName }));
      },
      onError: handleError,
    });
  });

  return (
    <ProfileSection title={t('contact.title')} description={t('contact.description')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput
              {...form.getInputProps('firstName')}
              label={t('contact.firstName')}
              autoComplete="given-name"
              required
            />
            <TextInput
              {...form.getInputProps('lastName')}
              label={t('contact.lastName')}
              autoComplete="family-name"
              required
            />
            <TextInput
              {...form.getInputProps('title')}
              label={t('contact.jobTitle')}
              autoComplete="organization-title"
            />
            <TextInput
              {...form.getInputProps('company')}
              label={t('contact.company')}
              autoComplete="organization"
            />
            {PHONE_FIELDS.map(({ field, autoComplete }) => (
              <PhoneInput
                key={field}
                {...form.getInputProps(field)}
                value={form.values[field]}
                label={phoneLabels[field]}
                withHint={false}
                autoComplete={autoComplete}
              />
            ))}
          </SimpleGrid>
          <TextInput
            {...form.getInputProps('emailAddress')}
            label={t('contact.emailAddress')}
            description={t('contact.emailAddressHelp')}
            type="email"
            autoComplete="email"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              {t('contact.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ProfileSection>
  );
}
