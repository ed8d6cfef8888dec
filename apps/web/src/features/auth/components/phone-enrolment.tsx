import { Stack, Text } from '@mantine/core';
import { PhoneSchema } from '@vnoc/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSubmit } from '../../../components/form-submit.tsx';
import { PhoneInput, phoneForSubmit } from '../../../components/phone-input.tsx';
import { useFormatPhone } from '../../../lib/use-format-phone.ts';
import { type PhoneMethod, useEnrollWithPhone, useSendEnrollCode } from '../api/phone-enrolment.ts';
import { useCodeForm } from '../hooks/use-code-form.ts';
import { useSentCode } from '../hooks/use-cooldown.ts';
import { CodeForm } from './code-form.tsx';
import { CodeSentActions } from './code-sent-actions.tsx';

interface PhoneEnrolmentProps {
  method: PhoneMethod;
  onEnrolled: () => void;
  autoFocus?: boolean;
}

/** SMS or voice enrolment: a validated phone number, a code sent to it, then that code. */
export function PhoneEnrolment({ method, onEnrolled, autoFocus }: PhoneEnrolmentProps) {
  const formatPhone = useFormatPhone();
  const { t } = useTranslation('auth');
  const send = useSendEnrollCode(method);
  const enrol = useEnrollWithPhone(method);
  // Spec part 3's mobileSMSCodeSent / voiceCodeSent: the code awaited, and the resend wait, outlive the modal.
  const cooldown = useSentCode(method === 'sms' ? 'mobileSMSCodeSent' : 'voiceCodeSent');
  const sentTo = cooldown.sentTo;

  const [phone, setPhone] = useState(sentTo ?? '');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const form = useCodeForm();

  const sendCode = (number: string) => {
    form.setFailure(null);
    send.mutate(number, {
      onSuccess: () => {
        cooldown.markSent(number);
        setPhone(number);
        form.setCode('');
      },
      onError: (error) => form.setFailure(error),
    });
  };

  const onSendSubmit = (event: FormEvent) => {
    event.preventDefault();
    const number = phoneForSubmit(phone);
    if (!PhoneSchema.safeParse(number).success) {
      setPhoneError(t('validation.phone'));
      return;
    }
    setPhoneError(null);
    sendCode(number);
  };

  if (!sentTo) {
    return (
      <form onSubmit={onSendSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t(`phone.${method}.intro`)}</Text>
          <PhoneInput
            label={t(`phone.${method}.label`)}
            value={phone}
            onChange={(value) => {
              setPhone(value);
              setPhoneError(null);
            }}
            error={phoneError}
            required
            autoFocus={autoFocus}
          />
          <FormSubmit
            error={form.failure}
            loading={send.isPending}
            label={t(`phone.${method}.send`)}
            fullWidth
          />
        </Stack>
      </form>
    );
  }

  return (
    <CodeForm
      form={form}
      verify={enrol}
      onVerified={() => {
        cooldown.clear();
        onEnrolled();
      }}
      submitLabel={t('phone.verify')}
      autoFocus
      header={
        <Text size="sm" role="status">
          {t(`phone.${method}.sent`, { phone: formatPhone(sentTo) })}
        </Text>
      }
    >
      <CodeSentActions
        backLabel={t('phone.changeNumber')}
        onBack={() => {
          cooldown.clear();
          form.setCode('');
          form.setFailure(null);
        }}
        wait={cooldown}
        sending={send.isPending}
        onResend={() => sendCode(sentTo)}
      />
    </CodeForm>
  );
}
