import { Button, Center, Code, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../components/copy-value.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { useEnrollWithApp } from '../api/enroll-with-app.ts';
import { qrCodeQueryKey, useQrCode } from '../api/get-qr-code.ts';
import { useCodeForm } from '../hooks/use-code-form.ts';
import { groupSecret } from '../utils/otpauth.ts';
import { CodeForm } from './code-form.tsx';

/** Authenticator app enrolment: QR code, the secret as text for manual entry, then the app's first code. */
export function AppEnrolment({ onEnrolled, autoFocus }: { onEnrolled: () => void; autoFocus?: boolean }) {
  const { t } = useTranslation('auth');
  const { claims } = useAuth();
  const username = claims?.sub ?? '';
  const queryClient = useQueryClient();
  const qr = useQrCode(username);
  const enrol = useEnrollWithApp();
  const form = useCodeForm();

  if (qr.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (qr.isError) {
    return (
      <Stack gap="sm">
        <FormError error={qr.error} />
        <Button variant="default" onClick={() => qr.refetch()}>
          {t('actions.retry')}
        </Button>
      </Stack>
    );
  }

  const secret = qr.data.secret;
  return (
    <CodeForm
      form={form}
      verify={enrol}
      onVerified={() => {
        queryClient.removeQueries({ queryKey: qrCodeQueryKey(username) });
        onEnrolled();
      }}
      submitLabel={t('app.submit')}
      label={t('app.codeLabel')}
      autoFocus={autoFocus}
      header={
        <>
          <Text size="sm">{t('app.step1')}</Text>
          <Center>
            <Image
              src={qr.data.qrCode}
              alt={t('app.qrAlt')}
              w={184}
              h={184}
              radius="sm"
              bg="white"
              p={6}
              style={{ border: '1px solid var(--mantine-color-default-border)' }}
            />
          </Center>
          {secret ? (
            <Stack gap={4}>
              <Text size="sm">{t('app.manual')}</Text>
              <Group gap="xs" wrap="nowrap" align="center">
                <Code
                  data-testid="totp-secret"
                  fz="sm"
                  p="xs"
                  style={{ flex: 1, letterSpacing: '0.06em', lineHeight: 1.7 }}
                  aria-label={t('app.secretLabel')}
                >
                  {groupSecret(secret)}
                </Code>
                <CopyValueButton
                  value={secret}
                  size="xs"
                  copyLabel={t('app.copy')}
                  copiedLabel={t('app.copied')}
                />
              </Group>
            </Stack>
          ) : null}
        </>
      }
    />
  );
}
