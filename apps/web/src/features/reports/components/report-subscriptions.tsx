import { ActionIcon, Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  MAX_REPORT_SUBSCRIPTIONS,
  type ReportFilters,
  type ReportId,
  type ReportSubscription,
} from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { PlainList } from '../../../components/plain-list.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useDeleteSubscription, useSubscriptions } from '../api/subscriptions.ts';
import { isReportId } from '../utils/report-state.ts';

/** The filters a subscription keeps, in words ("All of the report" when none). */
export function useFilterSummary() {
  const { t } = useTranslation('reports');
  return (filters: ReportFilters): string => {
    const parts: string[] = [];
    if (filters.q) parts.push(t('subscriptions.filter.text', { value: filters.q }));
    if (filters.siteId) parts.push(t('subscriptions.filter.site'));
    if (filters.groupId) parts.push(t('subscriptions.filter.group'));
    if (filters.model)
      parts.push(t('subscriptions.filter.model', { value: filters.model.replaceAll(',', ', ') }));
    if (filters.target !== undefined) parts.push(t('subscriptions.filter.target', { value: filters.target }));
    return parts.length ? parts.join(' · ') : t('subscriptions.filter.none');
  };
}

/** The caller's scheduled reports (of one report, or all), each with when it is sent next and a remove button. */
export function SubscriptionList({ report }: { report?: ReportId }) {
  const { t } = useTranslation('reports');
  const subscriptions = useSubscriptions();
  const remove = useDeleteSubscription();
  const summary = useFilterSummary();
  const list = (subscriptions.data ?? []).filter((s) => !report || s.report === report);
  const all = subscriptions.data?.length ?? 0;

  const removeOne = (subscription: ReportSubscription) =>
    remove.mutate(subscription.id, {
      onSuccess: () =>
        toast(t('subscriptions.removed', { report: t(`catalogue.${subscription.report}.title`) })),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="subscriptions-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="subscriptions-title">
            {t('subscriptions.title')}
          </Title>
          {subscriptions.data && (
            <Text size="xs" c="dimmed">
              {t('subscriptions.count', { count: all, max: MAX_REPORT_SUBSCRIPTIONS })}
            </Text>
          )}
        </Group>
        {subscriptions.isPending ? (
          <Skeleton height={40} radius="sm" />
        ) : subscriptions.error ? (
          <FormError error={subscriptions.error} />
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="subscriptions-empty">
            {report ? t('subscriptions.emptyOne') : t('subscriptions.emptyAll')}
          </Text>
        ) : (
          <PlainList data-testid="subscriptions">
            {list.map((subscription) => {
              const title = t(`catalogue.${subscription.report}.title`);
              return (
                <Group
                  key={subscription.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  data-testid="subscription"
                >
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs" wrap="wrap">
                      {!report && isReportId(subscription.report) && (
                        <Anchor component={Link} to={paths.report(subscription.report)} size="sm" fw={600}>
                          {title}
                        </Anchor>
                      )}
                      <Badge variant="light" size="sm">
                        {t(`frequency.${subscription.frequency}`)}
                      </Badge>
                      <Text size="sm">{summary(subscription.filters)}</Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('subscriptions.next', { time: formatDate(subscription.nextRunAt) })}
                      {subscription.lastRunAt
                        ? ` · ${t('subscriptions.last', { time: formatDate(subscription.lastRunAt) })}`
                        : ''}
                    </Text>
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => removeOne(subscription)}
                    loading={remove.isPending && remove.variables === subscription.id}
                    aria-label={t('subscriptions.remove', {
                      report: title,
                      frequency: t(`frequency.${subscription.frequency}`),
                    })}
                    data-testid="subscription-remove"
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              );
            })}
          </PlainList>
        )}
      </Stack>
    </Paper>
  );
}
