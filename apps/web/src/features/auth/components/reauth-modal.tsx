import { Anchor, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type Claims, ErrorIds } from '@vnoc/contracts';
import { type FormEvent, type ReactElement, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error.tsx';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useReauthenticate } from '../api/reauthenticate.ts';
import { CODE_LENGTH, CodeInput } from './code-input.tsx';

/**
 * How long after a re-authentication a change goes ahead without asking again: under the server's
 * 5 minutes, so a change does not start at the edge of the window and fail.
 */
export const REAUTH_FRESH_MS = 4 * 60_000;

/** Whether the session proved the person again recently enough for a password or factor change. */
export function recentlyReauthenticated(claims: Claims | null, now = Date.now()): boolean {
  const at = claims?.reauthenticatedAt;
  return at !== undefined && now - at * 1000 < REAUTH_FRESH_MS;
}

/** Whether a failed change asks for a re-authentication (the window ran out meanwhile). */
export function isReauthRequired(error: unknown): boolean {
  return error instanceof ApiError && error.body?.id === ErrorIds.reauthRequired;
}

interface ReauthModalProps {
  opened: boolean;
  onClose: () => void;
  /** The session is re-authenticated (its new token stored): the change may go ahead. */
  onConfirmed: () => void;
}

/**
 * Asks for the current password (or, with an authenticator app, optionally its code) before a password or
 * factor change (issue 34). Enter submits; Escape and Cancel close; a refusal shows inside the modal.
 */
export function ReauthModal({ opened, onClose, onConfirmed }: ReauthModalProps) {
  const { t } = useTranslation('profile');
  const { claims } = useAuth();
  const reauth = useReauthenticate();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const reset = () => {
    setPassword('');
    setCode('');
    setMissing(null);
    setFailure(null);
    setMode('password');
  };
  const close = () => {
    reset();
    onClose();
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setFailure(null);
    if (mode === 'password' ? password === '' : code.length !== CODE_LENGTH) {
      setMissing(mode === 'password' ? t('reauth.passwordRequired') : t('reauth.codeRequired'));
      return;
    }
    setMissing(null);
    reauth.mutate(mode === 'password' ? { password } : { totp: code }, {
      onSuccess: () => {
        reset();
        onConfirmed();
      },
      onError: (error) => {
        setPassword('');
        setCode('');
        setFailure(error);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('reauth.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{mode === 'password' ? t('reauth.description') : t('reauth.codeDescription')}</Text>
          <input type="hidden" name="username" autoComplete="username" value={claims?.sub ?? ''} readOnly />
          {mode === 'password' ? (
            <PasswordInput
              label={t('reauth.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={missing}
              required
              data-autofocus
            />
          ) : (
            <CodeInput label={t('reauth.code')} value={code} onChange={setCode} error={missing} autoFocus />
          )}
          <FormError error={failure} />
          {claims?.isMfaAppEnrolled ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setMissing(null);
                setFailure(null);
                setMode(mode === 'password' ? 'code' : 'password');
              }}
            >
              {mode === 'password' ? t('reauth.useCode') : t('reauth.usePassword')}
            </Anchor>
          ) : null}
          <ModalActions
            cancelLabel={t('actions.cancel')}
            submitLabel={t('reauth.confirm')}
            onCancel={close}
            loading={reauth.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Runs a password or factor change after a re-authentication: at once when the session proved the person
 * recently, else once they confirm in the modal. Render `modal` once in the component.
 */
export function useReauth(): { require: (action: () => void) => void; modal: ReactElement } {
  const { claims } = useAuth();
  const [opened, setOpened] = useState(false);
  const pending = useRef<(() => void) | null>(null);
  const require = (action: () => void) => {
    if (recentlyReauthenticated(claims)) {
      action();
      return;
    }
    pending.current = action;
    setOpened(true);
  };
  const modal = (
    <ReauthModal
      opened={opened}
      onClose={() => {
        pending.current = null;
        setOpened(false);
      }}
      onConfirmed={() => {
        const action = pending.current;
        pending.current = null;
        setOpened(false);
        action?.();
      }}
    />
  );
  return { require, modal };
}
