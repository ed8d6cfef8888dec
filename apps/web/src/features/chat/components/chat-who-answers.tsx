import { Text } from '@mantine/core';
import { SUPPORT_CHAT_HOURS } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../lib/intl.ts';

/** A Monday (2026-11-23, UTC): the weekday names are read from the days after it. */
const MONDAY = Date.UTC(2026, 10, 23, 12);

function weekday(language: string, day: number): string {
  return dateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    MONDAY + (day - 1) * 86_400_000,
  );
}

/** The support team's time zone as the reader's language names it ("Central Time"). */
function zoneName(language: string): string {
  const parts = dateTimeFormat(language, {
    timeZone: SUPPORT_CHAT_HOURS.timeZone,
    timeZoneName: 'longGeneric',
  }).formatToParts(MONDAY);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? SUPPORT_CHAT_HOURS.timeZone;
}

/**
 * Issue 37 point 14: who answers the chat (vNOC's support staff), when (their working days and hours, in their
 * time zone) and how soon, and who sees the conversation (the person and support only).
 */
export function ChatWhoAnswers() {
  const { t, i18n } = useTranslation('chat');
  const language = i18n.language;
  const days = t('who.days', {
    from: weekday(language, SUPPORT_CHAT_HOURS.firstDay),
    to: weekday(language, SUPPORT_CHAT_HOURS.lastDay),
  });
  return (
    <Text size="sm" c="dimmed" data-testid="chat-who-answers">
      {t('who.text', {
        days,
        opens: SUPPORT_CHAT_HOURS.opens,
        closes: SUPPORT_CHAT_HOURS.closes,
        zone: zoneName(language),
        count: SUPPORT_CHAT_HOURS.replyHours,
      })}
    </Text>
  );
}
