import { ActionIcon, Group, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ORGANIZATION_CONTACTS_MAX } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../../components/add-button.tsx';
import { type ContactDraft, contactProblems } from '../utils/validation.ts';
import { SectionCard } from './section-card.tsx';
import type { SectionProps } from './section-props.ts';

const blank: ContactDraft = { name: '', role: '', email: '', phone: '' };

/** A contact's inputs, in order: the draft's field, its input type and its length limit (the server's). */
const FIELDS: readonly { key: keyof ContactDraft; type?: 'email' | 'tel'; max: number }[] = [
  { key: 'name', max: 100 },
  { key: 'role', max: 100 },
  { key: 'email', type: 'email', max: 254 },
  { key: 'phone', type: 'tel', max: 25 },
];

const clean = (contacts: ContactDraft[]) =>
  contacts.map((c) => ({
    name: c.name.trim(),
    role: c.role.trim() || null,
    email: c.email.trim().toLowerCase() || null,
    phone: c.phone.trim() || null,
  }));

/** The organization's contacts (name, role, email, phone); a support role makes one the members' support contact. */
export function ContactsSection({ organization, save, saving }: SectionProps) {
  const { t } = useTranslation('adminOrganization');
  const [contacts, setContacts] = useState<ContactDraft[]>(() =>
    organization.contacts.map((c) => ({
      name: c.name,
      role: c.role ?? '',
      email: c.email ?? '',
      phone: c.phone ?? '',
    })),
  );
  const [checked, setChecked] = useState(false);
  const dirty = JSON.stringify(clean(contacts)) !== JSON.stringify(organization.contacts);
  const problems = contacts.map(contactProblems);

  const change = (index: number, field: keyof ContactDraft, value: string) =>
    setContacts((list) => list.map((c, i) => (i === index ? { ...c, [field]: value } : c)));

  const onSave = () => {
    setChecked(true);
    if (problems.some((p) => Object.keys(p).length > 0)) return;
    save({ contacts: clean(contacts) });
  };
  const error = (index: number, field: keyof ContactDraft) => {
    const problem = checked ? problems[index]?.[field] : undefined;
    return problem ? t(`validation.${problem}`) : undefined;
  };

  return (
    <SectionCard
      section="contacts"
      onSave={onSave}
      dirty={dirty}
      saving={saving}
      extraActions={
        <AddButton
          variant="default"
          onClick={() => setContacts((list) => [...list, { ...blank }])}
          disabled={contacts.length >= ORGANIZATION_CONTACTS_MAX}
        >
          {t('contacts.add')}
        </AddButton>
      }
    >
      {contacts.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="contacts-empty">
          {t('contacts.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {contacts.map((contact, index) => {
            const label = contact.name.trim() || t('contacts.numbered', { number: index + 1 });
            return (
              // Rows have no id of their own; the position is their identity while editing.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Paper key={index} withBorder radius="sm" p="sm" data-testid="contact-row">
                <Group justify="space-between" wrap="nowrap" mb={4}>
                  <Text size="sm" fw={600} truncate="end">
                    {label}
                  </Text>
                  <Tooltip label={t('contacts.remove', { name: label })}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('contacts.remove', { name: label })}
                      onClick={() => setContacts((list) => list.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
                  {FIELDS.map((field) => (
                    <TextInput
                      key={field.key}
                      label={t(`contacts.${field.key}`)}
                      placeholder={field.key === 'role' ? t('contacts.rolePlaceholder') : undefined}
                      type={field.type}
                      value={contact[field.key]}
                      onChange={(e) => change(index, field.key, e.currentTarget.value)}
                      error={error(index, field.key)}
                      maxLength={field.max}
                      required={field.key === 'name'}
                    />
                  ))}
                </SimpleGrid>
              </Paper>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
