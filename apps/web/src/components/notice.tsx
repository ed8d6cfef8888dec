import { Alert, type AlertProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface NoticeProps extends Omit<AlertProps, 'icon' | 'variant'> {
  /** Drawn at 18 px and hidden from screen readers: the notice's words say what it means. */
  icon: Icon;
  'data-testid'?: string;
}

/**
 * A notice in a page, card or modal (a failure, a warning, a state the user should know): a light alert of
 * its colour with its icon. The rest (title, role, test id) is the Alert's own.
 */
export function Notice({ icon: NoticeIcon, ...rest }: NoticeProps) {
  return <Alert variant="light" icon={<NoticeIcon size={18} aria-hidden />} {...rest} />;
}
