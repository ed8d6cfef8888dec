import { Skeleton, Stack } from '@mantine/core';
import { LoadError } from '../../../components/load-error.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
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
        <LoadError error={error} />
      ) : (
        <NotificationProfileForm data={data} />
      )}
    </PageFrame>
  );
}
