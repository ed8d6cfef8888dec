import { Badge, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { type JobVerdict, VERDICT_TEXT, type Verdict } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n.ts';
import { reasonSentence } from '../lib/verdict.ts';
import { HoverTooltip } from './hover-tooltip.tsx';
import { Notice } from './notice.tsx';

export const verdictColour: Record<Verdict, string> = {
  healthy: 'green',
  degraded: 'yellow',
  failing: 'red',
};
const icons = { healthy: IconCircleCheck, degraded: IconAlertTriangle, failing: IconCircleX } as const;

/**
 * Healthy, Degraded or Failing: colour, icon and word (colour is never the only cue), and a tooltip saying the
 * test ran (a run that did not is the job state Failed, grey and dashed: JobStateBadge).
 */
export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  const { t } = useTranslation();
  const Icon = icons[verdict];
  return (
    <HoverTooltip label={t(`verdict.hint.${verdict}`)} multiline w={260} withArrow>
      <Badge
        color={verdictColour[verdict]}
        variant="light"
        radius="sm"
        leftSection={<Icon size={14} aria-hidden />}
        style={{ minWidth: 'max-content' }}
        styles={{ label: { textTransform: 'none', overflow: 'visible' } }}
        data-testid="verdict"
        data-verdict={verdict}
        aria-description={t(`verdict.hint.${verdict}`)}
      >
        {VERDICT_TEXT[verdict][currentLanguage()]}
      </Badge>
    </HoverTooltip>
  );
}

/** The verdict on a result with each reason and the limit it crossed, above the figures. */
export function VerdictSummary({ judged }: { judged: JobVerdict }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const Icon = icons[judged.verdict];
  return (
    <Notice
      color={verdictColour[judged.verdict]}
      icon={Icon}
      title={VERDICT_TEXT[judged.verdict][language]}
      data-testid="verdict-summary"
      data-verdict={judged.verdict}
      p="sm"
    >
      {judged.reasons.length === 0 ? (
        <Text size="sm">{t('verdict.withinLimits')}</Text>
      ) : (
        <VerdictReasons judged={judged} />
      )}
    </Notice>
  );
}

/** A verdict's reasons, problems first, each with its figure and the limit it crossed. */
export function VerdictReasons({ judged }: { judged: JobVerdict }) {
  const language = currentLanguage();
  return (
    <List size="sm" spacing={2}>
      {judged.reasons.map((reason, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: reasons have no id; their order is the verdict's.
        <List.Item key={index} data-testid="verdict-reason">
          {reasonSentence(reason, language)}
        </List.Item>
      ))}
    </List>
  );
}
