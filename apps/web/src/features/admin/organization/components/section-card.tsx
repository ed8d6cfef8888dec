import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../../../components/section-heading.tsx';
import { useAuth } from '../../../../lib/auth-store.ts';

/**
 * The sections, by their text key in adminOrganization: each one's element id (tests find it by that), and
 * whether a description stands under its title (the details' `description` is a field's label, not one).
 */
const sections = {
  details: { id: 'organization-details', described: false },
  contacts: { id: 'organization-contacts', described: true },
  joining: { id: 'organization-joining', described: true },
  supportAccess: { id: 'organization-support-access', described: true },
  sso: { id: 'organization-sso', described: true },
} as const;

interface SectionCardProps {
  /** Which section: its id, its title and its description follow from it. */
  section: keyof typeof sections;
  children: ReactNode;
  /** Saves the section; the button is disabled while nothing changed. */
  onSave: () => void;
  dirty: boolean;
  saving: boolean;
  extraActions?: ReactNode;
  /**
   * Settings support staff may not change while acting as a customer (issue 34: the server refuses them):
   * shown, but locked, while the session is an impersonation.
   */
  notForSupport?: boolean;
}

/** One part of the organization's settings: a card with its own form and Save button. */
export function SectionCard({
  section,
  children,
  onSave,
  dirty,
  saving,
  extraActions,
  notForSupport = false,
}: SectionCardProps) {
  const { t } = useTranslation('adminOrganization');
  const { claims } = useAuth();
  const { id, described } = sections[section];
  const locked = notForSupport && Boolean(claims?.impersonatedBy);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!locked) onSave();
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} noValidate data-testid={id}>
        <Stack gap="md">
          <SectionHeading
            id={`${id}-title`}
            title={t(`${section}.title`)}
            description={described && t(`${section}.description`)}
          />
          {locked && (
            <Text size="sm" c="orange.8" data-testid={`${id}-not-for-support`}>
              {t('notForSupport')}
            </Text>
          )}
          {/* A disabled fieldset disables every control inside it, the section's own buttons included. */}
          <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              {children}
              <Group justify="flex-end" gap="sm">
                {extraActions}
                <Button type="submit" loading={saving} disabled={!dirty || locked}>
                  {t('save')}
                </Button>
              </Group>
            </Stack>
          </fieldset>
        </Stack>
      </form>
    </Card>
  );
}
