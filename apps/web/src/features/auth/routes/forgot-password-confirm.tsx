import { Alert, Button, Stack } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { CodeSchema, EmailSchema } from '@vnoc/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { FormError } from '../../../components/form-error.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { errorMessage } from '../../../lib/error-handler.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useVerifyResetCode } from '../api/verify-reset-code.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { BackToLogin } from '../components/back-to-login.tsx';
import { CodeInput } from '../components/code-input.tsx';
import { RESEND_COOLDOWN_SECONDS, useCooldown } from '../hooks/use-cooldown.ts';
import { useSignInSteps } from '../hooks/use-sign-in-steps.ts';
import { nextAfterForgotPasswordVerification } from '../utils/next-step.ts';

/** /forgot-password-confirm?username=: the emailed code, then on by the claims (spec part 4, forgot password). */
export function Component() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const parsed = EmailSchema.safeParse(params.get('username') ?? '');
  const username = parsed.success ? parsed.data : null;
  const verify = useVerifyResetCode();
  const resend = useRequestPasswordReset();
  const { goToStep } = useSignInSteps();
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // The code was just sent by /forgot-password.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on arrival
  useEffect(() => cooldown.start(), []);

  if (!username) return <Navigate to={paths.forgotPassword} replace />;

  const submit = (value: string) => {
    if (verify.isPending) return;
    if (!CodeSchema.safeParse(value).success) {
      setCodeError(t('validation.code'));
      return;
    }
    setCodeError(null);
    setFailure(null);
    verify.mutate(
      { username, code: value },
      {
        onSuccess: () => goToStep(nextAfterForgotPasswordVerification(authStore.get().claims)),
        onError: (error) => {
          setFailure(errorMessage(error));
          setCode('');
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  const sendAgain = () => {
    setFailure(null);
    resend.mutate(username, { onError: (error) => setFailure(errorMessage(error)) });
    cooldown.start();
  };

  return (
    <AuthCard title={t('forgotConfirm.title')} footer={<BackToLogin />}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Alert
            color="blue"
            variant="light"
            icon={<IconMailCheck size={18} aria-hidden />}
            role="status"
            p="sm"
          >
            {t('forgotConfirm.sent', { email: username })}
          </Alert>
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
            {t('forgotConfirm.submit')}
          </Button>
          <Button variant="subtle" onClick={sendAgain} disabled={cooldown.active} loading={resend.isPending}>
            {cooldown.active ? t('code.resendIn', { seconds: cooldown.remaining }) : t('code.resend')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
