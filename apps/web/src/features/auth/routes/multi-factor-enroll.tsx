import type { MfaMethod } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PublicCard } from '../../../components/public-card.tsx';
import { authStore, useAuth } from '../../../lib/auth-store.ts';
import { toast } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { BackToLogin } from '../components/back-to-login.tsx';
import { EnrolmentMethods } from '../components/enrolment-methods.tsx';
import { StepRedirect } from '../components/step-redirect.tsx';
import { useSignInSteps } from '../hooks/use-sign-in-steps.ts';
import { nextAfterMfaValidation } from '../utils/next-step.ts';

/** /multi-factor-auth: first enrolment (authenticator app, SMS or voice), then on as after MFA validation. */
export function Component() {
  const { t } = useTranslation('auth');
  const { claims } = useAuth();
  const { goToStep } = useSignInSteps();

  if (!claims) return <Navigate to={paths.login} replace />;
  // Someone already enrolled proves a factor instead of adding one (the server refuses it too).
  if (claims.isMfaEnrolled && !claims.isMfaValidated) return <StepRedirect to={paths.authentication} />;

  const onEnrolled = (method: MfaMethod) => {
    toast(t('mfa.enrolled', { method: t(`mfa.methods.${method}`) }), 'success');
    void goToStep(nextAfterMfaValidation(authStore.get().claims));
  };

  return (
    <PublicCard title={t('mfa.title')} description={t('mfa.description')} footer={<BackToLogin signOut />}>
      <EnrolmentMethods onEnrolled={onEnrolled} autoFocus />
    </PublicCard>
  );
}
