import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import type { SupportPerson } from '@vnoc/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../components/copy-value.tsx';
import { Notice } from '../../../components/notice.tsx';
import { paths } from '../../../lib/paths.ts';
import { personName } from '../../../lib/user-name.ts';

/** An access code is valid this long after it was generated. */
export const ACCESS_CODE_SECONDS = 60;

/** The /impersonate link that exchanges the access code for a session as the person. */
export function impersonationLink(accessCode: string, origin = window.location.origin): string {
  const url = new URL(paths.impersonate, origin);
  url.searchParams.set('jwt', accessCode);
  return url.toString();
}

interface AccessCodeModalProps {
  person: SupportPerson;
  accessCode: string;
  /** When the code was generated (ms since the epoch). */
  issuedAt: number;
  onClose: () => void;
  /** Generates a fresh code once this one has expired. */
  onRenew: () => void;
  renewing: boolean;
}

/** The generated link, its remaining validity, and the ways to use it (copy for a private window, or open). */
export function AccessCodeModal({
  person,
  accessCode,
  issuedAt,
  onClose,
  onRenew,
  renewing,
}: AccessCodeModalProps) {
  const { t } = useTranslation('support');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, ACCESS_CODE_SECONDS - Math.floor((now - issuedAt) / 1000));
  const link = impersonationLink(accessCode);
  const name = personName(person, person.email);

  return (
    <Modal opened onClose={onClose} title={t('code.title', { name })} size="lg">
      <Stack>
        <Text size="sm">{t('code.intro', { name, organization: person.organization.name })}</Text>
        <TextInput
          label={t('code.link')}
          value={link}
          readOnly
          data-testid="access-link"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Text size="sm" c={left > 0 ? 'dimmed' : 'red'} aria-live="polite" data-testid="access-code-validity">
          {left > 0 ? t('code.validFor', { count: left }) : t('code.expired')}
        </Text>
        <Notice color="blue" icon={IconInfoCircle}>
          {t('code.signOutNotice')}
        </Notice>
        <Group justify="flex-end">
          {left > 0 ? (
            <>
              <CopyValueButton value={link} copyLabel={t('code.copy')} copiedLabel={t('code.copied')} />
              <Button component="a" href={link} leftSection={<IconExternalLink size={16} aria-hidden />}>
                {t('code.open')}
              </Button>
            </>
          ) : (
            <Button onClick={onRenew} loading={renewing}>
              {t('code.renew')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
