import {
  Anchor,
  Box,
  Group,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import type { Timeline, TimelineDay, TimelineEvent, TimelineEventType } from '@vnoc/contracts';
import { TIMELINE_EVENT_TYPES, TIMELINE_EVENTS_MAX } from '@vnoc/contracts';
import { type CSSProperties, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailCard } from '../../../components/detail-card.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { actorName } from '../../../lib/actor-name.ts';
import { alertName, SEVERITY_COLOUR } from '../../../lib/alert-display.ts';
import { deviceStatusColour, deviceStatusLabelKey } from '../../../lib/device-status.ts';
import { formatDate, formatPercent, humanizeDuration } from '../../../lib/format.ts';
import { dateTimeFormat } from '../../../lib/intl.ts';
import { paths } from '../../../lib/paths.ts';
import { useTimeline } from '../api/get-timeline.ts';
import type { TimelineSubject } from '../api/keys.ts';
import {
  axisTicks,
  bandPieces,
  eventsOf,
  positionOf,
  TIMELINE_SPANS,
  type TimelineSpan,
} from '../utils/timeline-layout.ts';

/** The statuses of the legend, as the badges show them (error is shown as pending). */
const LEGEND = ['online', 'onbackup', 'offline', 'rebooting', 'pending', 'uninstalled', 'unknown'] as const;
const LABEL_WIDTH = 112;
/** The axis is at least this wide; a narrower screen scrolls it sideways. */
const AXIS_MIN_WIDTH = 640;
const NO_DATA: CSSProperties = {
  background:
    'repeating-linear-gradient(135deg, var(--mantine-color-default-border) 0 4px, transparent 4px 8px)',
};
const filled = (colour: string) => `var(--mantine-color-${colour}-filled)`;

/** An availability share's colour: green at 99.9 % and above, yellow from 95 %, red below. */
const availabilityColour = (percent: number) =>
  percent >= 99.9 ? 'green' : percent >= 95 ? 'yellow' : 'red';

/**
 * A site's or device's timeline (issue 37): the status band (coloured as the status badges; "No data" where
 * nothing was recorded), a row of markers per kind of event with a tooltip and a link each, and the
 * availability per day. 24 h, 7 or 30 days up to now; the axis scrolls sideways on a narrow screen.
 */
export function EntityTimeline({ subject, siteId }: { subject: TimelineSubject; siteId: string }) {
  // With the other namespaces its events are told in (the support actions' are the activity log's): the site and
  // device pages do not load them for their first view, so the timeline waits for them (TimelineLater's place).
  const { t } = useTranslation(['timeline', 'adminOrganization', 'diagnostics', 'tickets']);
  const [span, setSpan] = useState<TimelineSpan>('7d');
  const labelId = useId();
  const { data, isPending, isError, error, refetch, isFetching } = useTimeline(subject, span);
  return (
    <DetailCard title={t('timeline:title')} data-testid="timeline">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" align="flex-end">
          <Group gap="xs">
            <Text size="sm" fw={500} id={labelId}>
              {t('timeline:range')}
            </Text>
            <SegmentedControl
              aria-labelledby={labelId}
              size="xs"
              value={span}
              onChange={(value) => setSpan(value as TimelineSpan)}
              data={TIMELINE_SPANS.map((value) => ({ value, label: t(`timeline:spans.${value}`) }))}
              data-testid="timeline-span"
            />
          </Group>
          <Legend />
        </Group>
        {isPending ? (
          <Skeleton height={200} data-testid="timeline-loading" />
        ) : isError ? (
          <LoadError
            error={error}
            title={t('timeline:loadFailed')}
            retryLabel={t('timeline:retry')}
            onRetry={() => void refetch()}
          />
        ) : (
          <Box aria-busy={isFetching} style={{ opacity: isFetching ? 0.7 : 1 }}>
            <TimelineBody timeline={data} span={span} siteId={siteId} />
          </Box>
        )}
      </Stack>
    </DetailCard>
  );
}

function Legend() {
  const { t } = useTranslation('timeline');
  return (
    <Group
      gap="sm"
      component="ul"
      aria-label={t('timeline:legend')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {LEGEND.map((status) => (
        <Group key={status} gap={4} component="li" wrap="nowrap">
          <Box w={12} h={12} style={{ borderRadius: 2, background: filled(deviceStatusColour(status)) }} />
          <Text size="xs">{t(`fleet:${deviceStatusLabelKey(status)}`)}</Text>
        </Group>
      ))}
      <Group gap={4} component="li" wrap="nowrap">
        <Box
          w={12}
          h={12}
          style={{ borderRadius: 2, border: '1px solid var(--mantine-color-default-border)', ...NO_DATA }}
        />
        <Text size="xs">{t('timeline:noData')}</Text>
      </Group>
    </Group>
  );
}

/** A row of the timeline: its name, then its track on the axis. */
function Row({
  label,
  children,
  height = 24,
  testId,
}: {
  label: string;
  children: ReactNode;
  height?: number;
  testId?: string;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="center" data-testid={testId}>
      <Text size="sm" fw={500} w={LABEL_WIDTH} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {/* Room on the right for half a marker at "now" (12 px, centred on its time): without it the axis overflowed its
          card by 6 px and drew a needless scrollbar under it (issue 37's screenshots). */}
      <Box pos="relative" h={height} mr={6} style={{ flex: 1, minWidth: 0 }}>
        {children}
      </Box>
    </Group>
  );
}

/** Something on the axis that names itself: a tooltip on hover, focus and touch, the same words for screen readers. */
function Mark({
  label,
  to,
  style,
  testId,
}: {
  label: string;
  to?: string;
  style: CSSProperties;
  testId: string;
}) {
  const common = {
    'aria-label': label,
    'data-testid': testId,
    style: { position: 'absolute', display: 'block', ...style } as CSSProperties,
  };
  return (
    <Tooltip
      label={label}
      events={{ hover: true, focus: true, touch: true }}
      multiline
      maw={320}
      withinPortal
    >
      {to ? (
        <Anchor component={Link} to={to} {...common} />
      ) : (
        <Box component="span" tabIndex={0} role="img" {...common} />
      )}
    </Tooltip>
  );
}

function useAxisFormat(span: TimelineSpan) {
  const { i18n } = useTranslation();
  return dateTimeFormat(
    i18n.language,
    span === '24h' ? { hour: 'numeric', minute: '2-digit' } : { month: 'short', day: 'numeric' },
  );
}

function TimelineBody({
  timeline,
  span,
  siteId,
}: {
  timeline: Timeline;
  span: TimelineSpan;
  siteId: string;
}) {
  const { t, i18n } = useTranslation('timeline');
  const axis = useAxisFormat(span);
  const { from, to } = timeline;
  const x = (at: string) => positionOf(at, from, to);
  const ticks = axisTicks(from, to, span).map((ms) => ({
    ms,
    left: positionOf(new Date(ms).toISOString(), from, to),
  }));
  // One row of markers per type, in the contracts' order.
  const rows = TIMELINE_EVENT_TYPES.filter((type) => type !== 'support' || timeline.supportShown);

  const eventText = (e: TimelineEvent): string => {
    const when = formatDate(e.at);
    switch (e.type) {
      case 'alert':
        return [
          `${alertName(e.code, i18n.language)} (${t(`alerts:severity.${e.severity}`)})`,
          e.device?.name,
          t('timeline:alertRaised', { at: when }),
          e.clearedAt
            ? t('timeline:alertCleared', { at: formatDate(e.clearedAt) })
            : t('timeline:alertActive'),
        ]
          .filter(Boolean)
          .join(' · ');
      case 'diagnostic':
        return [
          t(`diagnostics:actions.${e.action}.label`, { defaultValue: e.action }),
          t(`diagnostics:states.${e.state}`),
          e.device.name,
          when,
        ].join(' · ');
      case 'ticket':
        return [`#${e.number} ${e.subject}`, t(`tickets:status.${e.status}`), e.device.name, when].join(
          ' · ',
        );
      case 'support':
        return [
          e.person ? actorName({ name: e.person.name, support: e.support }) : e.support.name,
          t(`adminOrganization:actions.${e.action.replaceAll('.', '_')}`, { defaultValue: e.action }),
          when,
        ].join(' · ');
      case 'config':
        return [e.versionName, e.internalChange ? t('timeline:internalChange') : null, e.device.name, when]
          .filter(Boolean)
          .join(' · ');
    }
  };
  const linkOf = (e: TimelineEvent): string | undefined => {
    switch (e.type) {
      case 'alert':
        return paths.alert(e.id, e.clearedAt ? 'cleared' : 'active');
      case 'ticket':
        return paths.ticket(e.id);
      case 'diagnostic':
      case 'config':
        return paths.device(siteId, e.device.id);
      case 'support':
        return undefined;
    }
  };
  const colourOf = (e: TimelineEvent) =>
    e.type === 'alert'
      ? SEVERITY_COLOUR[e.severity]
      : e.type === 'diagnostic'
        ? e.state === 'failed'
          ? 'red'
          : 'blue'
        : e.type === 'ticket'
          ? 'grape'
          : e.type === 'support'
            ? 'violet'
            : 'teal';

  return (
    <Stack gap="xs">
      <ScrollArea type="auto" offsetScrollbars="x" data-testid="timeline-scroll">
        <Stack gap={6} miw={AXIS_MIN_WIDTH} pb={4}>
          <Row label="" height={18}>
            {ticks.map(({ ms, left }) => (
              <Text
                key={ms}
                size="xs"
                c="dimmed"
                pos="absolute"
                style={{
                  left: `${left}%`,
                  // Centred on its time; near an end, kept inside the axis.
                  transform: left < 4 ? undefined : left > 96 ? 'translateX(-100%)' : 'translateX(-50%)',
                  whiteSpace: 'nowrap',
                }}
              >
                {axis.format(ms)}
              </Text>
            ))}
          </Row>
          <Row label={t('timeline:rows.status')} height={20} testId="timeline-band">
            {bandPieces(timeline).map((p) => {
              const status =
                p.status === null ? t('timeline:noData') : t(`fleet:${deviceStatusLabelKey(p.status)}`);
              const label = t(p.ongoing ? 'timeline:spanOngoing' : 'timeline:span', {
                status,
                from: formatDate(p.from),
                to: formatDate(p.to),
              });
              return (
                <Mark
                  key={`${p.from}-${p.status}`}
                  label={label}
                  testId={p.status === null ? 'band-no-data' : `band-${p.status}`}
                  style={{
                    left: `${p.left}%`,
                    width: `${p.width}%`,
                    top: 0,
                    bottom: 0,
                    ...(p.status === null ? NO_DATA : { background: filled(deviceStatusColour(p.status)) }),
                  }}
                />
              );
            })}
          </Row>
          {rows.map((type) => (
            <EventRow
              key={type}
              type={type}
              timeline={timeline}
              x={x}
              text={eventText}
              link={linkOf}
              colour={colourOf}
            />
          ))}
          <AvailabilityStrip days={timeline.availability} span={span} />
        </Stack>
      </ScrollArea>
      {timeline.truncated.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('timeline:truncated', {
            count: TIMELINE_EVENTS_MAX,
            types: timeline.truncated.map((type) => t(`timeline:rows.${type}`)).join(', '),
          })}
        </Text>
      )}
    </Stack>
  );
}

function EventRow({
  type,
  timeline,
  x,
  text,
  link,
  colour,
}: {
  type: TimelineEventType;
  timeline: Timeline;
  x: (at: string) => number;
  text: (e: TimelineEvent) => string;
  link: (e: TimelineEvent) => string | undefined;
  colour: (e: TimelineEvent) => string;
}) {
  const { t } = useTranslation('timeline');
  const events = eventsOf(timeline.events, type);
  return (
    <Row label={t(`timeline:rows.${type}`)} testId={`timeline-row-${type}`}>
      {events.length === 0 ? (
        <Text size="xs" c="dimmed" lh="24px">
          {t('timeline:none')}
        </Text>
      ) : (
        events.map((e) => (
          <Box key={`${e.type}-${e.id}`}>
            {e.type === 'alert' && (
              // How long the alert lasted, under its marker (the marker is what names it).
              <Box
                aria-hidden
                pos="absolute"
                top={10}
                h={4}
                style={{
                  left: `${x(e.at)}%`,
                  width: `${x(e.clearedAt ?? timeline.to) - x(e.at)}%`,
                  background: filled(colour(e)),
                  opacity: 0.45,
                  borderRadius: 2,
                }}
              />
            )}
            <Mark
              label={text(e)}
              to={link(e)}
              testId={`marker-${e.type}`}
              style={{
                left: `calc(${x(e.at)}% - 6px)`,
                top: 6,
                width: 12,
                height: 12,
                borderRadius: '50%',
                background: filled(colour(e)),
                border: '2px solid var(--mantine-color-body)',
              }}
            />
          </Box>
        ))
      )}
    </Row>
  );
}

/** One cell per UTC day with its availability by the SLA rule; "No data" for a day without a figure. */
function AvailabilityStrip({ days, span }: { days: TimelineDay[]; span: TimelineSpan }) {
  const { t, i18n } = useTranslation('timeline');
  const dayFormat = dateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  // Thirty cells leave no room for their figures: the tooltip gives them.
  const showFigures = span !== '30d';
  return (
    <Row label={t('timeline:rows.availability')} height={28} testId="availability-strip">
      <Group gap={2} wrap="nowrap" h="100%">
        {days.map((d) => {
          const day = dayFormat.format(Date.parse(`${d.day}T00:00:00.000Z`));
          const label =
            d.percent === null
              ? t('timeline:availabilityNoData', { day })
              : t('timeline:availabilityDay', {
                  day,
                  percent: formatPercent(d.percent),
                  down: humanizeDuration(d.secondsDown, i18n.language),
                  backup: humanizeDuration(d.secondsOnBackup, i18n.language),
                });
          const colour = d.percent === null ? null : availabilityColour(d.percent);
          return (
            <Tooltip
              key={d.day}
              label={label}
              events={{ hover: true, focus: true, touch: true }}
              multiline
              maw={320}
              withinPortal
            >
              <Box
                tabIndex={0}
                role="img"
                aria-label={label}
                data-testid="availability-day"
                data-percent={d.percent ?? 'none'}
                h="100%"
                style={{
                  flex: 1,
                  minWidth: 0,
                  borderRadius: 3,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  overflow: 'hidden',
                  ...(colour
                    ? {
                        background: `var(--mantine-color-${colour}-light)`,
                        color: `var(--mantine-color-${colour}-light-color)`,
                      }
                    : { ...NO_DATA, border: '1px solid var(--mantine-color-default-border)' }),
                }}
              >
                {showFigures && (
                  <Text size="xs" fw={600} aria-hidden style={{ whiteSpace: 'nowrap' }}>
                    {d.percent === null ? '–' : formatPercent(d.percent)}
                  </Text>
                )}
              </Box>
            </Tooltip>
          );
        })}
      </Group>
    </Row>
  );
}
