import { Badge } from '@mantine/core';
import type { AdminUser } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';

const colors = { active: 'green', pending: 'yellow', deactivated: 'gray', invited: 'blue' } as const;

/** Active / Waiting for approval / Deactivated, or Invited while the invitation link is not used yet. */
export function UserStatusBadge({ user }: { user: Pick<AdminUser, 'status' | 'invitationPending'> }) {
  const { t } = useTranslation('adminUsers');
  const key = user.status === 'active' && user.invitationPending ? 'invited' : user.status;
  return (
    <Badge
      color={colors[key]}
      variant="light"
      tt="none"
      data-testid="user-status"
      // The whole word, never an ellipsis: the cell grows instead.
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {t(`status.${key}`)}
    </Badge>
  );
}
