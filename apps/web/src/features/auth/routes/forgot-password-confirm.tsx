import { Alert, Button } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { EmailSchema } from '@vnoc/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PublicCard } from '../../../components/public-card.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { paths } from '../../../lib/paths.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useVerifyResetCode } from '../api/verify-reset-code.ts';
import { BackToLogin } from '../components/back-to-login.tsx';
import { CodeForm } from '../components/code-form.tsx';
import { useCodeForm } from '../hooks/use-code-form.ts';
import { RESEND_COOLDOWN_SECONDS, useCooldown } from '../hooks/use-cooldown.ts';
import { useSignInSteps } from '../hooks/use-sign-in-steps.ts';
import { nextAfterForgotPasswordVerification } from '../utils/next-step.ts';

/** /forgot-password-confirm?username=: the emailed code, then on by the claims (spec part 4, forgot password). */
export function Component() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const parsed = EmailSchema.safeParse(params.get('username') ?? '');
  const username = parsed.success ? parsed.data : null;
  const verify = useVerifyResetCode(username);
  const resend = useRequestPasswordReset();
  const { goToStep } = useSignInSteps();
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS);
  const form = useCodeForm();

  // The code was just sent by /forgot-password.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on arrival
  useEffect(() => cooldown.start(), []);

  if (!username) return <Navigate to={paths.forgotPassword} replace />;

  const sendAgain = () => {
    form.setFailure(null);
    resend.mutate(username, { onError: (error) => form.setFailure(error) });
    cooldown.start();
  };

  return (
    <PublicCard title={t('forgotConfirm.title')} footer={<BackToLogin />}>
      <CodeForm
        form={form}
        verify={verify}
        onVerified={() => goToStep(nextAfterForgotPasswordVerification(authStore.get().claims))}
        submitLabel={t('forgotConfirm.submit')}
        autoFocus
        header={
          <Alert
            color="blue"
            variant="light"
            icon={<IconMailCheck size={18} aria-hidden />}
            role="status"
            p="sm"
          >
            {t('forgotConfirm.sent', { email: username })}
          </Alert>
        }
      >
        <Button variant="subtle" onClick={sendAgain} disabled={cooldown.active} loading={resend.isPending}>
          {cooldown.active ? t('code.resendIn', { seconds: cooldown.remaining }) : t('code.resend')}
        </Button>
      </CodeForm>
    </PublicCard>
  );
}
