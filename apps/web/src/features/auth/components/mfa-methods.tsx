import { Badge, Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceMobileMessage, IconPhoneCall, IconShieldLock } from '@tabler/icons-react';
import type { Claims, MfaMethod } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { PlainList } from '../../../components/plain-list.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { maskPhone } from '../../../lib/mask-phone.ts';
import { toast } from '../../../lib/notify.ts';
import { useUnenroll } from '../api/unenroll.ts';
import { EnrolmentMethods, MFA_METHODS } from './enrolment-methods.tsx';
import { isReauthRequired, useReauth } from './reauth-modal.tsx';

/** A method's (or an address's) row on the profile: a bordered card. */
export const METHOD_ROW_STYLE = {
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-md)',
} as const;

const icons = { app: IconShieldLock, sms: IconDeviceMobileMessage, voice: IconPhoneCall } as const;

/** Whether a method is enrolled, and its number (masked) for SMS and voice, from the claims. */
export function methodState(
  claims: Claims | null,
  method: MfaMethod,
): { enrolled: boolean; detail: string | null } {
  if (!claims) return { enrolled: false, detail: null };
  if (method === 'app') return { enrolled: claims.isMfaAppEnrolled, detail: null };
  if (method === 'sms') {
    return {
      enrolled: claims.isMfaMobileEnrolled,
      detail: claims.isMfaMobileEnrolled ? maskPhone(claims.userSmsNumber) : null,
    };
  }
  return {
    enrolled: claims.isMfaVoiceEnrolled,
    detail: claims.isMfaVoiceEnrolled ? maskPhone(claims.userVoiceNumber) : null,
  };
}

/**
 * Multi-factor methods: enrolled state from the claims, enrol in a modal, unenrol after a confirmation.
 * Removing a method, or adding one beside another, asks for the current password first (issue 34).
 */
export function MfaMethods() {
  const { t } = useTranslation('profile');
  const { t: tAuth } = useTranslation('auth');
  const { claims } = useAuth();
  const unenroll = useUnenroll();
  const [enrolling, setEnrolling] = useState<MfaMethod | null>(null);
  const [removing, setRemoving] = useState<MfaMethod | null>(null);
  const reauth = useReauth();
  const enrolledCount = MFA_METHODS.filter((method) => methodState(claims, method).enrolled).length;

  const remove = (method: MfaMethod) =>
    unenroll.mutate(method, {
      onSuccess: () => toast(t('mfa.removed', { method: tAuth(`mfa.methods.${method}`) })),
      // The re-authentication ran out meanwhile: ask again, then remove.
      onError: (error) =>
        isReauthRequired(error) ? reauth.require(() => remove(method)) : handleError(error),
    });

  const confirmRemove = () => {
    if (!removing) return;
    const method = removing;
    setRemoving(null);
    reauth.require(() => remove(method));
  };

  const setUp = (method: MfaMethod) => {
    // A first factor needs no proof beyond the sign-in; another beside it does.
    if (enrolledCount === 0) setEnrolling(method);
    else reauth.require(() => setEnrolling(method));
  };

  return (
    <ProfileSection title={t('mfa.title')} description={t('mfa.description')}>
      <PlainList gap="sm">
        {MFA_METHODS.map((method) => {
          const Icon = icons[method];
          const { enrolled, detail } = methodState(claims, method);
          return (
            <Group
              component="li"
              key={method}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              p="sm"
              data-method={method}
              data-enrolled={enrolled}
              style={METHOD_ROW_STYLE}
            >
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <ThemeIcon variant="light" size="lg" radius="md" color={enrolled ? 'teal' : 'gray'}>
                  <Icon size={20} aria-hidden />
                </ThemeIcon>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Text size="sm" fw={500}>
                      {tAuth(`mfa.methods.${method}`)}
                    </Text>
                    <Badge size="sm" variant="light" color={enrolled ? 'teal' : 'gray'}>
                      {enrolled ? t('mfa.enrolled') : t('mfa.notEnrolled')}
                    </Badge>
                  </Group>
                  {detail ? (
                    <Text size="xs" c="dimmed">
                      {detail}
                    </Text>
                  ) : null}
                </Stack>
              </Group>
              {enrolled ? (
                <Button
                  variant="default"
                  size="xs"
                  color="red"
                  onClick={() => setRemoving(method)}
                  style={{ flexShrink: 0 }}
                  aria-label={t('mfa.removeMethod', { method: tAuth(`mfa.methods.${method}`) })}
                >
                  {t('mfa.remove')}
                </Button>
              ) : (
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => setUp(method)}
                  style={{ flexShrink: 0 }}
                  aria-label={t('mfa.setUpMethod', { method: tAuth(`mfa.methods.${method}`) })}
                >
                  {t('mfa.setUp')}
                </Button>
              )}
            </Group>
          );
        })}
      </PlainList>

      <Modal
        opened={enrolling !== null}
        onClose={() => setEnrolling(null)}
        title={enrolling ? t('mfa.setUpMethod', { method: tAuth(`mfa.methods.${enrolling}`) }) : ''}
        centered
      >
        {enrolling ? (
          <EnrolmentMethods
            methods={[enrolling]}
            autoFocus
            onEnrolled={(method) => {
              setEnrolling(null);
              toast(tAuth('mfa.enrolled', { method: tAuth(`mfa.methods.${method}`) }));
            }}
          />
        ) : null}
      </Modal>

      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? t('mfa.removeMethod', { method: tAuth(`mfa.methods.${removing}`) }) : ''}
        centered
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('mfa.remove')}
        onConfirm={confirmRemove}
        loading={unenroll.isPending}
        focus="cancel"
      >
        {enrolledCount <= 1 ? t('mfa.removeLast') : t('mfa.removeConfirm')}
      </ConfirmModal>
      {reauth.modal}
    </ProfileSection>
  );
}
