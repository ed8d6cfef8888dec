import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SectionCardProps {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  /** Saves the section; the button is disabled while nothing changed. */
  onSave: () => void;
  dirty: boolean;
  saving: boolean;
  extraActions?: ReactNode;
}

/** One part of the organization's settings: a card with its own form and Save button. */
export function SectionCard({
  id,
  title,
  description,
  children,
  onSave,
  dirty,
  saving,
  extraActions,
}: SectionCardProps) {
  const { t } = useTranslation('adminOrganization');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} noValidate data-testid={id}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="lg" id={`${id}-title`}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          {children}
          <Group justify="flex-end" gap="sm">
            {extraActions}
            <Button type="submit" loading={saving} disabled={!dirty}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
