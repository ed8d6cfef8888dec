import { Anchor, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface CodeSentActionsProps {
  /** Leaves the code (change the number, cancel …). */
  backLabel: string;
  onBack: () => void;
  /** The resend wait of the code sent (`useSentCode`). */
  wait: { active: boolean; remaining: number };
  sending: boolean;
  onResend: () => void;
}

/** Below a code that was sent: a way back, and "Send a new code" once the resend wait is over. */
export function CodeSentActions({ backLabel, onBack, wait, sending, onResend }: CodeSentActionsProps) {
  const { t } = useTranslation('auth');
  return (
    <Group justify="space-between" gap="xs">
      <Anchor component="button" type="button" size="sm" onClick={onBack}>
        {backLabel}
      </Anchor>
      <Button variant="subtle" size="compact-sm" disabled={wait.active} loading={sending} onClick={onResend}>
        {wait.active ? t('code.resendIn', { seconds: wait.remaining }) : t('code.resend')}
      </Button>
    </Group>
  );
}
