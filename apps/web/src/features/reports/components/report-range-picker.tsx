import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { REPORT_MAX_MONTHS, type ReportId } from '@vnoc/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DayRange, lastDays, rangeLimits, rangeProblem } from '../utils/report-state.ts';

const PRESETS = [7, 30, 90] as const;

interface ReportRangePickerProps {
  range: DayRange;
  /** Called with a range the server accepts; a draft it would refuse stays here with the reason shown. */
  onChange: (range: DayRange) => void;
  now: Date;
  /** Whose last complete day the presets end on (billing: the carrier's last reported day). */
  report?: ReportId;
}

/**
 * The report's date range: two day inputs (UTC days, as the server counts them) limited so a range cannot
 * end after today, run backwards or exceed 13 months, and presets for the last 7, 30 and 90 days.
 */
export function ReportRangePicker({ range, onChange, now, report }: ReportRangePickerProps) {
  const { t } = useTranslation('reports');
  const [draft, setDraft] = useState<DayRange>(range);
  // The range this picker last handed on: when it comes back through the address, the draft may have moved on
  // since (a second edit, maybe one the server would refuse) and is kept.
  const sent = useRef<DayRange | null>(null);
  const { from, to } = range;
  // The address bar can change it too (back/forward, a preset): by value, not by the object's identity, so a
  // re-render of the screen (new data, a live update) never wipes a draft.
  useEffect(() => {
    const echo = sent.current?.from === from && sent.current?.to === to;
    sent.current = null;
    if (!echo) setDraft({ from, to });
  }, [from, to]);
  const limits = rangeLimits(draft, now);
  const problem = rangeProblem(draft, now);

  const change = (next: DayRange) => {
    setDraft(next);
    if (rangeProblem(next, now)) return;
    sent.current = next;
    onChange(next);
  };
  const message = problem ? t(`range.problem.${problem}`, { months: REPORT_MAX_MONTHS }) : undefined;

  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-start" wrap="wrap">
        {(['from', 'to'] as const).map((end) => (
          <TextInput
            key={end}
            type="date"
            label={end === 'from' ? t('range.from') : t('range.to')}
            value={draft[end]}
            min={end === 'from' ? limits.fromMin : limits.toMin}
            max={end === 'from' ? limits.fromMax : limits.toMax}
            onChange={(event) => change({ ...draft, [end]: event.currentTarget.value })}
            // A range too long or reversed is the end day's fault; a day out of bounds marks both.
            error={
              problem && (end === 'to' || (problem !== 'tooLong' && problem !== 'reversed'))
                ? true
                : undefined
            }
            leftSection={<IconCalendar size={16} aria-hidden />}
            aria-describedby={message ? 'report-range-problem' : 'report-range-hint'}
            w={{ base: '100%', xs: 180 }}
            data-testid={`range-${end}`}
          />
        ))}
        <Stack gap={4}>
          <Text size="sm" fw={500} component="span" id="report-range-presets">
            {t('range.presets')}
          </Text>
          <Group gap={6} wrap="wrap" role="group" aria-labelledby="report-range-presets">
            {PRESETS.map((days) => {
              const preset = lastDays(now, days, report);
              const current = preset.from === range.from && preset.to === range.to;
              return (
                <Button
                  key={days}
                  variant={current ? 'filled' : 'default'}
                  aria-pressed={current}
                  onClick={() => change(preset)}
                  data-testid={`range-last-${days}`}
                >
                  {t('range.lastDays', { count: days })}
                </Button>
              );
            })}
          </Group>
        </Stack>
      </Group>
      {message ? (
        <Text size="xs" c="red.8" id="report-range-problem" role="alert" data-testid="range-problem">
          {message}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" id="report-range-hint">
          {t('range.hint', { months: REPORT_MAX_MONTHS })}
        </Text>
      )}
    </Stack>
  );
}
