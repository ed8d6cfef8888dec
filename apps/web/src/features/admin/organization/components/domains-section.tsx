import { Badge, Button, Card, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { DOMAIN_CODE, DOMAIN_VERIFICATION_MAILBOXES, type Organization } from '@vnoc/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../../components/form-error.tsx';
import { FormSubmit } from '../../../../components/form-submit.tsx';
import { PlainList } from '../../../../components/plain-list.tsx';
import { SectionHeading } from '../../../../components/section-heading.tsx';
import { useAuth } from '../../../../lib/auth-store.ts';
import { useSendDomainVerification, useVerifyDomain } from '../api/domain-verification.ts';

interface DomainsSectionProps {
  organization: Organization;
  /** The signed-in administrator's address: a mailbox the code may go to when it is at the domain. */
  ownEmail: string | undefined;
  /** A code from the verification email's link (?domainCode=), filled in for the administrator to confirm. */
  initialCode?: string;
  onVerified: (organization: Organization) => void;
}

/** The mailboxes at `domain` a code may go to: the administrator's own address there first, then the role ones. */
export function mailboxesFor(domain: string, ownEmail: string | undefined): string[] {
  const own = ownEmail?.toLowerCase();
  const roles = DOMAIN_VERIFICATION_MAILBOXES.map((m) => `${m}@${domain}`);
  return own?.endsWith(`@${domain}`) && !roles.includes(own) ? [own, ...roles] : roles;
}

const normalizeCode = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/**
 * Email domains and their proof (issue 34): each listed domain is pending until a code emailed to a mailbox at it
 * is entered here; only verified domains show the single sign-on button and let people register.
 */
export function DomainsSection({ organization, ownEmail, initialCode, onVerified }: DomainsSectionProps) {
  const { t } = useTranslation('adminOrganization');
  // Proving a domain is not support's while acting as a customer (the server refuses it): shown, but locked.
  const { claims } = useAuth();
  const locked = Boolean(claims?.impersonatedBy);
  const domains = organization.settings?.domains ?? [];
  const [choosing, setChoosing] = useState<string | null>(null);
  const [mailbox, setMailbox] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState(initialCode ?? '');
  const [codeError, setCodeError] = useState<string | null>(null);
  const send = useSendDomainVerification(organization.id);
  const verify = useVerifyDomain(organization.id, (saved) => {
    setCode('');
    onVerified(saved);
  });
  const pending = domains.filter((d) => d.state === 'pending');

  const choose = (domain: string) => {
    send.reset();
    setSentTo(null);
    setChoosing(domain);
    setMailbox(mailboxesFor(domain, ownEmail)[0] ?? '');
  };

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    if (!choosing) return;
    send.mutate(
      { domain: choosing, email: mailbox },
      {
        onSuccess: () => {
          setSentTo(mailbox);
          setChoosing(null);
        },
      },
    );
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    const value = normalizeCode(code);
    if (!DOMAIN_CODE.test(value)) {
      setCodeError(t('domains.codeMalformed'));
      return;
    }
    setCodeError(null);
    verify.mutate(value);
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="organization-domains-title"
      data-testid="organization-domains"
    >
      <Stack gap="md">
        <SectionHeading
          id="organization-domains-title"
          title={t('domains.title')}
          description={t('domains.description')}
        />
        {locked && (
          <Text size="sm" c="orange.8" data-testid="organization-domains-not-for-support">
            {t('notForSupport')}
          </Text>
        )}

        {/* A disabled fieldset disables every control inside it. */}
        <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            {domains.length === 0 ? (
              <Text size="sm" data-testid="domains-empty">
                {t('domains.empty')}
              </Text>
            ) : (
              <PlainList>
                {domains.map(({ domain, state }) => (
                  <Group
                    component="li"
                    key={domain}
                    justify="space-between"
                    gap="sm"
                    data-testid="domain-row"
                  >
                    <Group gap="sm">
                      <Text fw={500}>{domain}</Text>
                      <Badge color={state === 'verified' ? 'green' : 'yellow'} variant="light">
                        {t(`domains.state.${state}`)}
                      </Badge>
                    </Group>
                    {state === 'pending' && (
                      <Button
                        variant="light"
                        size="xs"
                        // The label names the domain: on a phone it wraps instead of being cut.
                        h="auto"
                        py={4}
                        maw="100%"
                        styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.35 } }}
                        onClick={() => choose(domain)}
                        aria-expanded={choosing === domain}
                        aria-controls={choosing === domain ? 'domain-send-form' : undefined}
                      >
                        {t('domains.sendAction', { domain })}
                      </Button>
                    )}
                  </Group>
                ))}
              </PlainList>
            )}

            {choosing && (
              <form id="domain-send-form" onSubmit={onSend} noValidate data-testid="domain-send-form">
                <Stack gap="sm">
                  <NativeSelect
                    label={t('domains.mailbox', { domain: choosing })}
                    description={t('domains.mailboxHint')}
                    data={mailboxesFor(choosing, ownEmail)}
                    value={mailbox}
                    onChange={(event) => setMailbox(event.currentTarget.value)}
                  />
                  <FormError error={send.error} />
                  <Group justify="flex-end" gap="sm">
                    <Button variant="subtle" onClick={() => setChoosing(null)} disabled={send.isPending}>
                      {t('domains.cancel')}
                    </Button>
                    <Button type="submit" loading={send.isPending}>
                      {t('domains.send')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}

            {sentTo && (
              <Text size="sm" role="status" data-testid="domain-sent">
                {t('domains.sent', { email: sentTo })}
              </Text>
            )}

            {(pending.length > 0 || initialCode) && (
              <form onSubmit={onVerify} noValidate data-testid="domain-verify-form">
                <Stack gap="sm">
                  <TextInput
                    label={t('domains.code')}
                    description={t('domains.codeHint')}
                    value={code}
                    onChange={(event) => {
                      setCode(event.currentTarget.value);
                      setCodeError(null);
                    }}
                    error={codeError}
                    autoComplete="one-time-code"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={40}
                  />
                  <FormSubmit error={verify.error} loading={verify.isPending} label={t('domains.verify')} />
                </Stack>
              </form>
            )}
          </Stack>
        </fieldset>
      </Stack>
    </Card>
  );
}
