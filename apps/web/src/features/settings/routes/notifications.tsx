import { Card, Skeleton, Stack, Text } from '@mantine/core';
import { PageFrame } from '../../../components/page-frame.tsx';
import { errorMessage } from '../../../lib/error-handler.ts';
import { useNotificationProfile } from '../api/get-notification-profile.ts';
import { NotificationProfileForm } from '../components/notification-profile-form.tsx';

/** Settings → Notifications: the caller's notification profile. */
export function Component() {
  const { data, isPending, error } = useNotificationProfile();
  return (
    <PageFrame>
      {isPending ? (
        <Stack gap="lg">
          <Skeleton height={160} />
          <Skeleton height={220} />
        </Stack>
      ) : error ? (
        <Card withBorder>
          <Text c="red">{errorMessage(error)}</Text>
        </Card>
      ) : (
        <NotificationProfileForm data={data} />
      )}
    </PageFrame>
  );
}
