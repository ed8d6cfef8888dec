import { Button, Stack, Text } from '@mantine/core';
import { CodeSchema } from '@vnoc/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { FormError } from '../../../components/form-error.tsx';
import { authStore, useAuth } from '../../../lib/auth-store.ts';
import { errorMessage } from '../../../lib/error-handler.ts';
import { useSendEmailCode } from '../api/send-email-code.ts';
import { useVerifyEmailCode } from '../api/verify-email-code.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { BackToLogin } from '../components/back-to-login.tsx';
import { CodeInput } from '../components/code-input.tsx';
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
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const started = useRef(false);
  const codeSentByRegister = (location.state as { codeSent?: boolean } | null)?.codeSent === true;

  const sendCode = (byRequest: boolean) => {
    setFailure(null);
    send.mutate(undefined, {
      onSuccess: () => setResent(byRequest),
      onError: (error) => setFailure(errorMessage(error)),
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

  const submit = (value: string) => {
    if (verify.isPending) return;
    if (!CodeSchema.safeParse(value).success) {
      setCodeError(t('validation.code'));
      return;
    }
    setCodeError(null);
    setFailure(null);
    verify.mutate(value, {
      onSuccess: () => goToStep(nextAfterEmailVerification(authStore.get().claims)),
      onError: (error) => {
        setFailure(errorMessage(error));
        setCode('');
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  return (
    <AuthCard
      title={t('emailValidation.title')}
      description={t('emailValidation.description', { email: claims.sub })}
      footer={<BackToLogin signOut />}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {send.isPending || resent ? (
            <Text size="sm" role="status" c="dimmed">
              {send.isPending ? t('code.sending') : t('emailValidation.resent', { email: claims.sub })}
            </Text>
          ) : null}
          <CodeInput
            value={code}
            onChange={(value) => {
              setCode(value);
              setCodeError(null);
            }}
            onComplete={submit}
            error={codeError}
            autoFocus
          />
          <FormError message={failure} />
          <Button type="submit" loading={verify.isPending} fullWidth>
            {t('emailValidation.submit')}
          </Button>
          <Button
            variant="subtle"
            onClick={() => sendCode(true)}
            disabled={cooldown.active}
            loading={send.isPending}
            aria-live="polite"
          >
            {cooldown.active ? t('code.resendIn', { seconds: cooldown.remaining }) : t('code.resend')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
