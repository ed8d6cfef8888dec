import { Stack } from '@mantine/core';
import { CodeSchema } from '@vnoc/contracts';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSubmit } from '../../../components/form-submit.tsx';
import type { CodeFormState } from '../hooks/use-code-form.ts';
import { CodeInput } from './code-input.tsx';

/** The request that checks a code (a mutation of the code alone). */
export interface CodeCheck {
  /** Under way: the button spins and further submits are ignored. */
  isPending: boolean;
  mutate: (code: string, on: { onSuccess: () => unknown; onError: (error: unknown) => void }) => void;
}

interface CodeFormProps {
  form: CodeFormState;
  /** Sent each well-formed code; its refusal is shown and the code cleared. */
  verify: CodeCheck;
  /** The code was accepted. */
  onVerified: () => unknown;
  submitLabel: string;
  label?: string;
  autoFocus?: boolean;
  /** Above the code (what was sent where, the QR code …). */
  header?: ReactNode;
  /** Between the code and the failure line. */
  notice?: ReactNode;
  /** Below the submit button (resend, change number …). */
  children?: ReactNode;
}

/**
 * A 6-digit code form: submits when the last digit is typed or on Enter, checks the code's shape first,
 * and after a refusal shows why and clears the code (so typing starts again at the first digit).
 */
export function CodeForm({
  form,
  verify,
  onVerified,
  submitLabel,
  label,
  autoFocus,
  header,
  notice,
  children,
}: CodeFormProps) {
  const { t } = useTranslation('auth');

  const submit = (value: string) => {
    if (verify.isPending) return;
    if (!CodeSchema.safeParse(value).success) {
      // One error at a time: the code's own problem replaces an earlier refusal.
      form.setFailure(null);
      form.setCodeError(t('validation.code'));
      return;
    }
    form.setCodeError(null);
    form.setFailure(null);
    verify.mutate(value, {
      onSuccess: onVerified,
      onError: (error) => {
        form.setFailure(error);
        form.setCode('');
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(form.code);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {header}
        <CodeInput
          label={label}
          value={form.code}
          onChange={(value) => {
            form.setCode(value);
            form.setCodeError(null);
          }}
          onComplete={submit}
          error={form.codeError}
          autoFocus={autoFocus}
        />
        {notice}
        <FormSubmit error={form.failure} loading={verify.isPending} label={submitLabel} fullWidth />
        {children}
      </Stack>
    </form>
  );
}
