import { Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceMobile, IconDeviceMobileMessage, IconMail } from '@tabler/icons-react';
import type { User } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../../components/plain-list.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { type CodeSentFlag, useAuth } from '../../../lib/auth-store.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { maskPhone } from '../../../lib/mask-phone.ts';
import { toast } from '../../../lib/notify.ts';
import { useFormatPhone } from '../../../lib/use-format-phone.ts';
import { type CodeTarget, useSendRegisteredCode, useVerifyRegisteredCode } from '../api/registered-code.ts';
import { useCodeForm } from '../hooks/use-code-form.ts';
import { useSentCode } from '../hooks/use-cooldown.ts';
import { CodeForm } from './code-form.tsx';
import { CodeSentActions } from './code-sent-actions.tsx';
import { METHOD_ROW_STYLE } from './mfa-methods.tsx';

/** What a row proves, where its code goes, and which code flag of the session follows it. */
interface Proof {
  kind: 'mobile' | 'email' | 'smsFactor';
  target: CodeTarget;
  flag: CodeSentFlag;
  /** As stored (the code flag keeps it), or null when there is none on file. */
  destination: string | null;
  /** As shown; with no destination, what to do about it. */
  shown: string;
  /** null: nothing is kept verified (the sign-in number is only tested). */
  verified: boolean | null;
}

const icons = { mobile: IconDeviceMobile, email: IconMail, smsFactor: IconDeviceMobileMessage } as const;

/**
 * Settings → Profile, "Verify contact details": a code to the contact mobile (registered-mobile, alt=true) or
 * email (registered-email, alt=true) proves it, and the profile then shows it verified; with an SMS factor, a
 * code to that number (registered-mobile) tests it still reaches the person.
 */
export function ContactVerification({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const formatPhone = useFormatPhone();
  const { claims } = useAuth();
  const { contact } = user;
  const proofs: Proof[] = [
    {
      kind: 'mobile',
      target: { address: 'registered-mobile', alt: true },
      flag: 'altSmsCodeSent',
      destination: contact.mobileNumber,
      shown: contact.mobileNumber ? formatPhone(contact.mobileNumber) : t('verify.mobile.none'),
      verified: contact.mobileVerified,
    },
    {
      kind: 'email',
      target: { address: 'registered-email', alt: true },
      flag: 'emailCodeSent',
      destination: contact.emailAddress,
      shown: contact.emailAddress ?? t('verify.email.none'),
      verified: contact.emailVerified,
    },
  ];
  if (claims?.isMfaMobileEnrolled && claims.userSmsNumber)
    proofs.push({
      kind: 'smsFactor',
      target: { address: 'registered-mobile', alt: false },
      flag: 'mobileSMSCodeSent',
      destination: claims.userSmsNumber,
      shown: maskPhone(claims.userSmsNumber),
      verified: null,
    });

  return (
    <ProfileSection title={t('verify.title')} description={t('verify.description')}>
      <PlainList gap="sm">
        {proofs.map((proof) => (
          <ProofRow key={proof.kind} proof={proof} />
        ))}
      </PlainList>
    </ProfileSection>
  );
}

function ProofRow({ proof }: { proof: Proof }) {
  const { t } = useTranslation('profile');
  const { t: tAuth } = useTranslation('auth');
  const sent = useSentCode(proof.flag);
  const send = useSendRegisteredCode(proof.target);
  const verify = useVerifyRegisteredCode(proof.target);
  const form = useCodeForm();
  const Icon = icons[proof.kind];
  // The flag may hold a code sent elsewhere (the sign-in's email, another number): only this one's opens it.
  const awaiting = proof.destination !== null && sent.sentTo === proof.destination;
  const label = t(`verify.${proof.kind}.label`);

  const sendCode = () => {
    const destination = proof.destination;
    if (!destination) return;
    form.setFailure(null);
    send.mutate(undefined, {
      onSuccess: () => {
        form.setCode('');
        sent.markSent(destination);
      },
      onError: (error) => (awaiting ? form.setFailure(error) : handleError(error)),
    });
  };

  const status =
    proof.destination !== null && proof.verified !== null ? (
      <Badge size="sm" variant="light" color={proof.verified ? 'teal' : 'gray'}>
        {proof.verified ? t('verify.verified') : t('verify.notVerified')}
      </Badge>
    ) : null;

  return (
    <Stack
      component="li"
      gap="sm"
      p="sm"
      data-proof={proof.kind}
      data-verified={proof.verified ?? undefined}
      style={METHOD_ROW_STYLE}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" size="lg" radius="md" color={proof.verified ? 'teal' : 'gray'}>
            <Icon size={20} aria-hidden />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text size="sm" fw={500}>
                {label}
              </Text>
              {status}
            </Group>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {proof.shown}
            </Text>
          </Stack>
        </Group>
        {proof.destination !== null && !proof.verified && !awaiting ? (
          <Button
            variant="light"
            size="xs"
            onClick={sendCode}
            loading={send.isPending}
            disabled={sent.active}
            style={{ flexShrink: 0 }}
            aria-label={t(`verify.${proof.kind}.send`)}
          >
            {sent.active ? tAuth('code.resendIn', { seconds: sent.remaining }) : t('verify.sendCode')}
          </Button>
        ) : null}
      </Group>
      {awaiting ? (
        <CodeForm
          form={form}
          verify={verify}
          label={t('verify.codeLabel', { what: label })}
          onVerified={() => {
            sent.clear();
            toast(t(`verify.${proof.kind}.done`));
          }}
          submitLabel={t('verify.submit')}
          autoFocus
          header={
            <Text size="sm" role="status">
              {t('verify.sentTo', { to: proof.shown })}
            </Text>
          }
        >
          <CodeSentActions
            backLabel={t('actions.cancel')}
            onBack={sent.clear}
            wait={sent}
            sending={send.isPending}
            onResend={sendCode}
          />
        </CodeForm>
      ) : null}
    </Stack>
  );
}
