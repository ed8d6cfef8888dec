import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../components/data-table/server-list.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useUserProfile } from '../../../lib/user-profile.ts';
import { ACTIVITY_EXPORT_MAX_ROWS, useExportActivity } from '../activity/api/export-activity.ts';
import { ActivityList } from '../activity/components/activity-list.tsx';
import { activityFilterRequest, readActivityState } from '../activity/utils/activity-list-state.ts';

/**
 * Administration → Activity log (ADMINISTRATOR): who did what in the organization, when, from where, and
 * what the provider's support staff did while acting as one of its people; exportable as CSV.
 */
export function Component() {
  const { t, i18n } = useTranslation('adminOrganization');
  const { data: user } = useUserProfile();
  const organizationId = user?.organization.id;
  const { state } = useListParams(readActivityState);
  const exportCsv = useExportActivity(organizationId);
  return (
    <PageFrame
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exportCsv.isPending}
          disabled={!organizationId}
          onClick={() => exportCsv.mutate(activityFilterRequest(state))}
          data-testid="activity-export"
        >
          {t('activity.export')}
        </Button>
      }
      intro={t('activity.intro', { max: ACTIVITY_EXPORT_MAX_ROWS.toLocaleString(i18n.language) })}
    >
      <ActivityList organizationId={organizationId} />
    </PageFrame>
  );
}
