import { Center, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceMobileMessage, IconPhoneCall, IconShieldLock } from '@tabler/icons-react';
import type { MfaMethod } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledSegmented } from '../../../components/labelled-segmented.tsx';
import { AppEnrolment } from './app-enrolment.tsx';
import { PhoneEnrolment } from './phone-enrolment.tsx';

export const MFA_METHODS: readonly MfaMethod[] = ['app', 'sms', 'voice'];

const icons = { app: IconShieldLock, sms: IconDeviceMobileMessage, voice: IconPhoneCall } as const;

interface EnrolmentMethodsProps {
  /** Called once the server has enrolled the method (its answer carries the updated token). */
  onEnrolled: (method: MfaMethod) => void;
  /** The methods offered; a choice is shown when there is more than one. */
  methods?: readonly MfaMethod[];
  initialMethod?: MfaMethod;
  autoFocus?: boolean;
}

/** Multi-factor enrolment (spec part 4: authenticator app, SMS, voice); used by /multi-factor-auth and Profile. */
export function EnrolmentMethods({
  onEnrolled,
  methods = MFA_METHODS,
  initialMethod,
  autoFocus,
}: EnrolmentMethodsProps) {
  const { t } = useTranslation('auth');
  const [method, setMethod] = useState<MfaMethod>(initialMethod ?? methods[0] ?? 'app');
  // Three labelled choices do not fit side by side on a phone.
  const narrow = useMediaQuery('(max-width: 30em)') ?? false;

  return (
    <Stack gap="lg">
      {methods.length > 1 ? (
        <LabelledSegmented
          label={t('mfa.methodLabel')}
          fullWidth
          orientation={narrow ? 'vertical' : 'horizontal'}
          value={method}
          onChange={(value) => setMethod(value as MfaMethod)}
          data={methods.map((value) => {
            const Icon = icons[value];
            return {
              value,
              label: (
                <Center style={{ gap: 6 }}>
                  <Icon size={16} aria-hidden />
                  <span>{t(`mfa.methods.${value}`)}</span>
                </Center>
              ),
            };
          })}
        />
      ) : null}
      {method === 'app' ? (
        <AppEnrolment key="app" onEnrolled={() => onEnrolled('app')} autoFocus={autoFocus} />
      ) : (
        <PhoneEnrolment
          key={method}
          method={method}
          onEnrolled={() => onEnrolled(method)}
          autoFocus={autoFocus}
        />
      )}
    </Stack>
  );
}
