import { Button, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PublicCard } from '../../../components/public-card.tsx';
import { authStore, useAuth } from '../../../lib/auth-store.ts';
import { paths } from '../../../lib/paths.ts';
import { useSendEmailCode } from '../api/send-email-code.ts';
import { useVerifyEmailCode } from '../api/verify-email-code.ts';
import { BackToLogin } from '../components/back-to-login.tsx';
import { CodeForm } from '../components/code-form.tsx';
import { useCodeForm } from '../hooks/use-code-form.ts';
import { RESEND_COOLDOWN_SECONDS, useCooldown } from '../hooks/use-cooldown.ts';
import { useSignInSteps } from '../hooks/use-sign-in-steps.ts';
import { nextAfterEmailVerification } from '../utils/next-step.ts';

// Tokens for which a code was already sent automatically: the screen may mount twice (strict mode, reload).
const autoSent = new Set<string>();

/** /email-validation: a code emailed to the username, then verified (spec part 4). */
export function Component() {
  const { t } = useTranslation('auth');
  const { claims, jwt } = useAuth();
  const location = useLocation();
  const send = useSendEmailCode();
  const verify = useVerifyEmailCode();
  const { goToStep } = useSignInSteps();
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS);
  const form = useCodeForm();
  const [resent, setResent] = useState(false);
  const started = useRef(false);
  const codeSentByRegister = (location.state as { codeSent?: boolean } | null)?.codeSent === true;

  const sendCode = (byRequest: boolean) => {
    form.setFailure(null);
    send.mutate(undefined, {
      onSuccess: () => setResent(byRequest),
      onError: (error) => form.setFailure(error),
    });
    cooldown.start();
  };

  // Once per token on arrival: sendCode and cooldown are deliberately not dependencies.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per token on arrival
  useEffect(() => {
    if (started.current || !jwt || !claims || claims.isEmailValidated) return;
    started.current = true;
    if (codeSentByRegister) {
      cooldown.start();
      return;
    }
    if (autoSent.has(jwt)) return;
    autoSent.add(jwt);
    sendCode(false);
  }, [jwt, claims, codeSentByRegister]);

  if (!claims) return <Navigate to={paths.login} replace />;

  return (
    <PublicCard
      title={t('emailValidation.title')}
      description={t('emailValidation.description', { email: claims.sub })}
      footer={<BackToLogin signOut />}
    >
      <CodeForm
        form={form}
        loading={verify.isPending}
        onVerify={(code, refused) =>
          verify.mutate(code, {
            onSuccess: () => goToStep(nextAfterEmailVerification(authStore.get().claims)),
            onError: refused,
          })
        }
        submitLabel={t('emailValidation.submit')}
        autoFocus
        header={
          send.isPending || resent ? (
            <Text size="sm" role="status" c="dimmed">
              {send.isPending ? t('code.sending') : t('emailValidation.resent', { email: claims.sub })}
            </Text>
          ) : null
        }
      >
        <Button
          variant="subtle"
          onClick={() => sendCode(true)}
          disabled={cooldown.active}
          loading={send.isPending}
          aria-live="polite"
        >
          {cooldown.active ? t('code.resendIn', { seconds: cooldown.remaining }) : t('code.resend')}
        </Button>
      </CodeForm>
    </PublicCard>
  );
}
