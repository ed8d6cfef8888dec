import { Button, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issuerProblem } from '../utils/validation.ts';
import { SectionCard } from './section-card.tsx';
import type { SectionProps } from './section-props.ts';

/** The organization's OIDC identity provider: issuer URL and client id, both or neither. */
export function SsoSection({ organization, save, saving }: SectionProps) {
  const { t } = useTranslation('adminOrganization');
  const stored = {
    issuer: organization.settings?.ssoIssuer ?? '',
    clientId: organization.settings?.ssoClientId ?? '',
  };
  const [issuer, setIssuer] = useState(stored.issuer);
  const [clientId, setClientId] = useState(stored.clientId);
  const [errors, setErrors] = useState<{ issuer?: string; clientId?: string }>({});
  const dirty = issuer.trim() !== stored.issuer || clientId.trim() !== stored.clientId;

  const onSave = () => {
    const i = issuer.trim();
    const c = clientId.trim();
    const next: { issuer?: string; clientId?: string } = {};
    if (i || c) {
      if (!i) next.issuer = t('validation.issuerRequired');
      else {
        const problem = issuerProblem(i);
        if (problem) next.issuer = t(`validation.${problem}`);
      }
      if (!c) next.clientId = t('validation.clientIdRequired');
      else if (/\s/.test(c)) next.clientId = t('validation.clientIdSpaces');
    }
    setErrors(next);
    if (next.issuer || next.clientId) return;
    save({ ssoIssuer: i || null, ssoClientId: c || null });
  };

  return (
    <SectionCard
      notForSupport
      section="sso"
      onSave={onSave}
      dirty={dirty}
      saving={saving}
      extraActions={
        stored.issuer ? (
          <Button
            variant="subtle"
            color="red"
            onClick={() => save({ ssoIssuer: null, ssoClientId: null })}
            disabled={saving}
          >
            {t('sso.remove')}
          </Button>
        ) : null
      }
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <TextInput
          label={t('sso.issuer')}
          description={t('sso.issuerHint')}
          placeholder="https://login.example.com/oauth2/default"
          value={issuer}
          onChange={(event) => setIssuer(event.currentTarget.value)}
          error={errors.issuer}
          maxLength={500}
          type="url"
        />
        <TextInput
          label={t('sso.clientId')}
          description={t('sso.clientIdHint')}
          value={clientId}
          onChange={(event) => setClientId(event.currentTarget.value)}
          error={errors.clientId}
          maxLength={200}
        />
      </SimpleGrid>
    </SectionCard>
  );
}
