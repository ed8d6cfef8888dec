import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconChartBar, IconReportMoney, IconShieldCheck } from '@tabler/icons-react';
import type { ReportId } from '@vnoc/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { errorMessage } from '../../../lib/error-handler.ts';
import { paths } from '../../../lib/paths.ts';
import { useReports } from '../api/get-reports.ts';
import { isReportId } from '../utils/report-state.ts';
import { SubscriptionList } from './report-subscriptions.tsx';

const ICONS: Record<ReportId, typeof IconChartBar> = {
  'online-analytics': IconChartBar,
  'cellular-billing': IconReportMoney,
  sla: IconShieldCheck,
};

/** The reports the caller may open (the server leaves out those the organization is not entitled to). */
export function ReportList() {
  const { t } = useTranslation('reports');
  const reports = useReports();
  const list = (reports.data ?? []).filter((info) => isReportId(info.id));

  let body: ReactNode;
  if (reports.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={170} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (reports.error) {
    body = (
      <EmptyState icon={IconAlertTriangle} title={t('list.failed')} text={errorMessage(reports.error)}>
        <Button variant="light" onClick={() => void reports.refetch()}>
          {t('list.retry')}
        </Button>
      </EmptyState>
    );
  } else if (list.length === 0) {
    body = <EmptyState icon={IconChartBar} title={t('list.emptyTitle')} text={t('list.emptyText')} />;
  } else {
    body = (
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {list.map((info) => {
          const Icon = ICONS[info.id];
          return (
            <Card
              key={info.id}
              component="li"
              withBorder
              radius="md"
              padding="lg"
              data-testid={`report-card-${info.id}`}
            >
              <Stack gap="sm" h="100%">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon size={40} radius="md" variant="light">
                    <Icon size={22} aria-hidden />
                  </ThemeIcon>
                  <Title order={2} fz="lg">
                    {t(`catalogue.${info.id}.title`)}
                  </Title>
                </Group>
                <Text size="sm" style={{ flex: 1 }}>
                  {t(`catalogue.${info.id}.description`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`catalogue.${info.id}.caption`)}
                </Text>
                <Button
                  component={Link}
                  to={paths.report(info.id)}
                  variant="light"
                  style={{ alignSelf: 'flex-start' }}
                  aria-label={t('list.openLabel', { report: t(`catalogue.${info.id}.title`) })}
                  data-testid={`open-report-${info.id}`}
                >
                  {t('list.open')}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    );
  }

  return (
    <PageFrame>
      <Stack gap="lg">
        {body}
        <SubscriptionList />
      </Stack>
    </PageFrame>
  );
}
