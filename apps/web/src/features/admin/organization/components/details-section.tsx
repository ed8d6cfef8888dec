import { Badge, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ORGANIZATION_DESCRIPTION_MAX, ORGANIZATION_NAME_MAX, type Organization } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from './section-card.tsx';
import type { SectionProps } from './section-props.ts';

/** Name and description (the spec's PUT organization/{id}); entitlements shown read-only. */
export function DetailsSection({ organization, save, saving }: SectionProps) {
  const { t } = useTranslation('adminOrganization');
  const [name, setName] = useState(organization.name);
  const [description, setDescription] = useState(organization.description ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const dirty = name.trim() !== organization.name || description.trim() !== (organization.description ?? '');

  const onSave = () => {
    if (!name.trim()) {
      setNameError(t('validation.nameRequired'));
      return;
    }
    setNameError(null);
    save({ name: name.trim(), description: description.trim() || null });
  };

  return (
    <SectionCard section="details" onSave={onSave} dirty={dirty} saving={saving}>
      <TextInput
        label={t('details.name')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        maxLength={ORGANIZATION_NAME_MAX}
        error={nameError}
        required
      />
      <Textarea
        label={t('details.description')}
        description={t('details.descriptionHint')}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        maxLength={ORGANIZATION_DESCRIPTION_MAX}
        autosize
        minRows={3}
        maxRows={8}
      />
      <Entitlements organization={organization} />
    </SectionCard>
  );
}

function Entitlements({ organization }: { organization: Organization }) {
  const { t } = useTranslation('adminOrganization');
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="entitlements-label">
        {t('details.entitlements')}
      </Text>
      {organization.entitlements.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('details.noEntitlements')}
        </Text>
      ) : (
        <Group gap="xs" role="list" aria-labelledby="entitlements-label">
          {organization.entitlements.map((e) => (
            <Badge key={e} variant="light" tt="none" role="listitem">
              {t(`entitlement.${e}`, { defaultValue: e })}
            </Badge>
          ))}
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {t('details.entitlementsHint')}
      </Text>
    </Stack>
  );
}
