import { Button, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PublicCard } from '../../../components/public-card.tsx';
import { authStore, useAuth } from '../../../lib/auth-store.ts';
import { paths } from '../../../lib/paths.ts';
import { type CodeTarget, useSendRegisteredCode, useVerifyRegisteredCode } from '../api/registered-code.ts';
import { BackToLogin } from '../components/back-to-login.tsx';
import { CodeForm } from '../components/code-form.tsx';
import { useCodeForm } from '../hooks/use-code-form.ts';
import { useSentCode } from '../hooks/use-cooldown.ts';
import { useSignInSteps } from '../hooks/use-sign-in-steps.ts';
import { nextAfterEmailVerification } from '../utils/next-step.ts';

/** The username's address: sign-up's validation. */
const USERNAME_EMAIL: CodeTarget = { address: 'registered-email', alt: false };

// Tokens for which a code was already sent automatically: the screen may mount twice (strict mode, reload).
const autoSent = new Set<string>();

/** /email-validation: a code emailed to the username, then verified (spec part 4). */
export function Component() {
  const { t } = useTranslation('auth');
  const { claims, jwt } = useAuth();
  const location = useLocation();
  const send = useSendRegisteredCode(USERNAME_EMAIL);
  const verify = useVerifyRegisteredCode(USERNAME_EMAIL);
  const { goToStep } = useSignInSteps();
  // Spec part 3's emailCodeSent: the resend wait runs from the code's sending, wherever it was sent.
  const cooldown = useSentCode('emailCodeSent');
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
    if (claims) cooldown.markSent(claims.sub);
  };

  // Once per token on arrival: sendCode and cooldown are deliberately not dependencies.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per token on arrival
  useEffect(() => {
    if (started.current || !jwt || !claims || claims.isEmailValidated) return;
    started.current = true;
    if (codeSentByRegister) {
      cooldown.markSent(claims.sub);
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
        verify={verify}
        onVerified={() => {
          cooldown.clear();
          return goToStep(nextAfterEmailVerification(authStore.get().claims));
        }}
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
