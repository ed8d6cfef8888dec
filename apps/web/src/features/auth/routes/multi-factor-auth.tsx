import { Button, Divider, Text } from '@mantine/core';
import { IconDeviceMobileMessage, IconPhoneCall } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PublicCard } from '../../../components/public-card.tsx';
import { authStore, useAuth } from '../../../lib/auth-store.ts';
import { maskPhone } from '../../../lib/mask-phone.ts';
import { paths } from '../../../lib/paths.ts';
import { productAnalytics } from '../../../lib/product-analytics.ts';
import { supportChat } from '../../../lib/support-chat.ts';
import { useSendTotp } from '../api/send-totp.ts';
import { useValidateTotp } from '../api/validate-totp.ts';
import { BackToLogin } from '../components/back-to-login.tsx';
import { CodeForm } from '../components/code-form.tsx';
import { StepRedirect } from '../components/step-redirect.tsx';
import { useCodeForm } from '../hooks/use-code-form.ts';
import { useSentCode } from '../hooks/use-cooldown.ts';
import { useSignInSteps } from '../hooks/use-sign-in-steps.ts';
import { nextAfterMfaValidation } from '../utils/next-step.ts';

/** The ways a code can be sent, in the order their buttons show: the same button, its icon and words differ. */
const SEND_METHODS = [
  { method: 'sms', icon: IconDeviceMobileMessage, label: 'authentication.sendSms' },
  { method: 'voice', icon: IconPhoneCall, label: 'authentication.sendVoice' },
] as const;

/** /authentication: the multi-factor code (app, or sent by SMS/voice), then spec part 4's TOTP validation. */
export function Component() {
  const { t } = useTranslation('auth');
  const { claims, mobileSMSCodeSent: smsSent, voiceCodeSent: voiceSent } = useAuth();
  const validate = useValidateTotp();
  const sendTotp = useSendTotp();
  const { goToStep } = useSignInSteps();
  const form = useCodeForm();
  // Spec part 3's mobileSMSCodeSent and voiceCodeSent: one wait for both buttons, the last code's words.
  const sentCodes = { sms: useSentCode('mobileSMSCodeSent'), voice: useSentCode('voiceCodeSent') };
  const sentBy = smsSent || voiceSent ? ((smsSent?.at ?? 0) >= (voiceSent?.at ?? 0) ? 'sms' : 'voice') : null;
  const remaining = Math.max(sentCodes.sms.remaining, sentCodes.voice.remaining);

  if (!claims) return <Navigate to={paths.login} replace />;
  if (!claims.isMfaEnrolled) return <StepRedirect to={paths.multiFactorEnroll} />;

  const smsNumber = claims.isMfaMobileEnrolled ? maskPhone(claims.userSmsNumber) : null;
  const voiceNumber = claims.isMfaVoiceEnrolled ? maskPhone(claims.userVoiceNumber) : null;

  const send = (method: 'sms' | 'voice') => {
    form.setFailure(null);
    sendTotp.mutate(method, {
      onSuccess: () => {
        const phone = method === 'sms' ? claims.userSmsNumber : claims.userVoiceNumber;
        sentCodes[method].markSent(phone ?? '');
      },
      onError: (error) => form.setFailure(error),
    });
  };

  const description = claims.isMfaAppEnrolled
    ? t('authentication.descriptionApp')
    : t('authentication.descriptionSent');

  return (
    <PublicCard title={t('authentication.title')} description={description} footer={<BackToLogin signOut />}>
      <CodeForm
        form={form}
        verify={validate}
        onVerified={async () => {
          sentCodes.sms.clear();
          sentCodes.voice.clear();
          const step = nextAfterMfaValidation(authStore.get().claims);
          await goToStep(step);
          // Spec part 4 "mark multi-factor validated, send analytics": once the user (and any opt-out) is loaded.
          if (step === paths.root) {
            productAnalytics.track('signIn.completed', { method: 'totp' });
            // Spec part 4: "… send analytics, boot the chat widget and go to /".
            void supportChat.boot();
          }
        }}
        submitLabel={t('authentication.submit')}
        autoFocus
        notice={
          sentBy ? (
            <Text size="sm" role="status">
              {t(`authentication.sent.${sentBy}`, { phone: sentBy === 'sms' ? smsNumber : voiceNumber })}
            </Text>
          ) : null
        }
      >
        {smsNumber || voiceNumber ? (
          <>
            <Divider label={t('authentication.orSend')} labelPosition="center" />
            {SEND_METHODS.map(({ method, icon: Icon, label }) => {
              const phone = method === 'sms' ? smsNumber : voiceNumber;
              return phone ? (
                <Button
                  key={method}
                  variant="default"
                  leftSection={<Icon size={16} aria-hidden />}
                  onClick={() => send(method)}
                  disabled={remaining > 0}
                  loading={sendTotp.isPending && sendTotp.variables === method}
                >
                  {t(label, { phone })}
                </Button>
              ) : null;
            })}
            {remaining > 0 ? (
              <Text size="xs" c="dimmed" ta="center">
                {t('code.waitSeconds', { seconds: remaining })}
              </Text>
            ) : null}
          </>
        ) : null}
      </CodeForm>
    </PublicCard>
  );
}
