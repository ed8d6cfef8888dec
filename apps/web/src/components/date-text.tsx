import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ageMs } from '../lib/age.ts';
import { type DateInput, formatDate } from '../lib/format.ts';
import { formatAge } from '../lib/relative-age.ts';
import { useNow } from '../lib/use-now.ts';
import { useHoverTooltip } from './hover-tooltip.tsx';

type DateTextProps = {
  value: DateInput | null | undefined;
  /** Shown as an age ("3 hours ago"), the exact date and zone on hover and focus and read out with it. */
  relative?: boolean;
  /** The time ages are counted to, for a list that keeps one clock for its rows; the component's own otherwise. */
  now?: number;
} & Pick<TextProps, 'size' | 'c'>;

/** A date and time in a table or list cell, kept on one line so a column never breaks it in two. */
export function DateText({ value, relative = false, now, size = 'sm', c }: DateTextProps) {
  if (relative && value)
    return now === undefined ? (
      <Ticking value={value} size={size} c={c} />
    ) : (
      <RelativeDate value={value} now={now} size={size} c={c} />
    );
  return (
    <Text size={size} c={c} style={{ whiteSpace: 'nowrap' }}>
      {formatDate(value)}
    </Text>
  );
}

type RelativeProps = { value: DateInput } & Pick<TextProps, 'size' | 'c'>;

function Ticking(props: RelativeProps) {
  return <RelativeDate {...props} now={useNow()} />;
}

/**
 * The exact date shows in a tooltip while the age is hovered or focused; the tooltip is mounted only then (a
 * Mantine Tooltip per row of a 50-row list cost more to draw than the rows' text).
 */
function RelativeDate({ value, now, size, c }: RelativeProps & { now: number }) {
  const { i18n } = useTranslation();
  const exact = formatDate(value);
  const age = formatAge(ageMs(value, now), i18n.language) ?? exact;
  const { handlers, tooltip } = useHoverTooltip(exact);
  return (
    <>
      <Text
        component="time"
        dateTime={new Date(value).toISOString()}
        size={size}
        c={c}
        style={{ whiteSpace: 'nowrap' }}
        tabIndex={0}
        aria-label={`${age} (${exact})`}
        title={exact}
        {...handlers}
      >
        {age}
      </Text>
      {tooltip}
    </>
  );
}
