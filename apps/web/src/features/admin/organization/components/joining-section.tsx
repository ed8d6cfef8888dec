import { Radio, Stack, TagsInput } from '@mantine/core';
import { EMAIL_DOMAINS_MAX } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeDomain } from '../utils/validation.ts';
import { SectionCard } from './section-card.tsx';
import type { SectionProps } from './section-props.ts';

/** Who may join: only people an administrator adds (default), or self-registration for the listed domains. */
export function JoiningSection({ organization, save, saving }: SectionProps) {
  const { t } = useTranslation('adminOrganization');
  const settings = organization.settings;
  const [open, setOpen] = useState(settings?.selfRegistration ?? false);
  const [domains, setDomains] = useState<string[]>(settings?.emailDomains ?? []);
  const [error, setError] = useState<string | null>(null);
  const dirty =
    open !== settings?.selfRegistration || JSON.stringify(domains) !== JSON.stringify(settings?.emailDomains);

  const changeDomains = (values: string[]) => {
    const bad = values.find((v) => normalizeDomain(v) === null);
    setError(bad ? t('validation.domainInvalid', { domain: bad }) : null);
    setDomains([...new Set(values.map((v) => normalizeDomain(v) ?? v.trim()))]);
  };

  const onSave = () => {
    if (domains.some((d) => normalizeDomain(d) === null)) return;
    if (open && domains.length === 0) {
      setError(t('validation.domainRequired'));
      return;
    }
    setError(null);
    save({ selfRegistration: open, emailDomains: domains });
  };

  return (
    <SectionCard notForSupport section="joining" onSave={onSave} dirty={dirty} saving={saving}>
      <Radio.Group
        value={open ? 'domains' : 'closed'}
        onChange={(value) => setOpen(value === 'domains')}
        label={t('joining.label')}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="closed" label={t('joining.closed')} data-testid="joining-closed" />
          <Radio value="domains" label={t('joining.domains')} data-testid="joining-domains" />
        </Stack>
      </Radio.Group>
      <TagsInput
        label={t('joining.domainList')}
        description={t('joining.domainListHint')}
        placeholder={domains.length ? undefined : t('joining.domainPlaceholder')}
        value={domains}
        onChange={changeDomains}
        splitChars={[',', ' ', ';']}
        maxTags={EMAIL_DOMAINS_MAX}
        error={error}
        clearable
        data-testid="email-domains"
      />
    </SectionCard>
  );
}
