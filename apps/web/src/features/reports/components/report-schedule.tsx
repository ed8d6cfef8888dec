import { Button, Radio, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarRepeat } from '@tabler/icons-react';
import type { ReportFilters, ReportFrequency, ReportId } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/notify.ts';
import { useCreateSubscription } from '../api/subscriptions.ts';
import { useFilterSummary } from './report-subscriptions.tsx';

const FREQUENCIES: readonly ReportFrequency[] = ['weekly', 'monthly'];

// Apart from the list of subscriptions (report-subscriptions.tsx): the Reports screen lists them without this
// dialog, whose Modal and Radio bring Mantine's overlays and floating-ui (issue 39).
/**
 * "Schedule": subscribes the caller to this report by email, weekly or monthly, with the screen's filters
 * (the range is relative: the week or month before each sending).
 */
export function ScheduleButton({ report, filters }: { report: ReportId; filters: ReportFilters }) {
  const { t } = useTranslation('reports');
  const [opened, { open, close }] = useDisclosure(false);
  const [frequency, setFrequency] = useState<ReportFrequency>('weekly');
  const create = useCreateSubscription();
  const summary = useFilterSummary();

  const submit = () =>
    create.mutate(
      { report, frequency, filters },
      {
        onSuccess: (created) => {
          close();
          create.reset();
          toast(
            t('subscriptions.created', {
              frequency: t(`frequency.${created.frequency}`),
              next: formatDate(created.nextRunAt),
            }),
          );
        },
      },
    );

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconCalendarRepeat size={16} aria-hidden />}
        onClick={open}
        data-testid="report-schedule"
      >
        {t('subscriptions.schedule')}
      </Button>
      <FormModal
        opened={opened}
        onClose={() => {
          close();
          create.reset();
        }}
        title={t('subscriptions.modalTitle', { report: t(`catalogue.${report}.title`) })}
        onSubmit={submit}
        submitLabel={t('subscriptions.confirm')}
        loading={create.isPending}
        error={create.error}
        submitTestId="subscribe-confirm"
      >
        <Radio.Group
          label={t('subscriptions.frequencyLabel')}
          value={frequency}
          onChange={(value) => setFrequency(value === 'monthly' ? 'monthly' : 'weekly')}
        >
          <Stack gap="xs" mt="xs">
            {FREQUENCIES.map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(`frequency.${value}`)}
                description={t(`subscriptions.frequencyHint.${value}`)}
                data-testid={`frequency-${value}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Text size="sm">{t('subscriptions.filtersKept', { filters: summary(filters) })}</Text>
        <Text size="sm" c="dimmed">
          {t('subscriptions.delivery')}
        </Text>
      </FormModal>
    </>
  );
}
