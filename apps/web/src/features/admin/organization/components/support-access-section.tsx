import { Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from './section-card.tsx';
import type { SectionProps } from './section-props.ts';

/** Whether the provider's support staff may act as the organization's people (impersonation). */
export function SupportAccessSection({ organization, save, saving }: SectionProps) {
  const { t } = useTranslation('adminOrganization');
  const initial = organization.settings?.supportAccess ?? true;
  const [allowed, setAllowed] = useState(initial);
  return (
    <SectionCard
      notForSupport
      section="supportAccess"
      onSave={() => save({ supportAccess: allowed })}
      dirty={allowed !== initial}
      saving={saving}
    >
      <Switch
        checked={allowed}
        onChange={(event) => setAllowed(event.currentTarget.checked)}
        label={t('supportAccess.label')}
        data-testid="support-access-switch"
      />
      <Text size="sm" c="dimmed">
        {allowed ? t('supportAccess.onHint') : t('supportAccess.offHint')}
      </Text>
    </SectionCard>
  );
}
