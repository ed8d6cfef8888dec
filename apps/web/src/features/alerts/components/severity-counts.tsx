import { Group, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { ALERT_SEVERITIES, type AlertSeverity, type SeverityCounts as Counts } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { SEVERITY_COLOUR } from '../../../lib/alert-display.ts';
import classes from './severity-counts.module.css';

interface SeverityCountsProps {
  /** Root alerts of the tab by severity; undefined while they load. */
  counts: Counts | undefined;
  /** The severity filter: the pressed counts. */
  selected: readonly AlertSeverity[];
  onToggle: (severity: AlertSeverity) => void;
}

/**
 * How many root alerts of each severity the tab has; each count is also a toggle of the severity filter
 * (pressed = shown), so a glance and a click narrow the list.
 */
export function SeverityCounts({ counts, selected, onToggle }: SeverityCountsProps) {
  const { t } = useTranslation('alerts');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle buttons, not a form fieldset
    <div role="group" aria-label={t('counts.label')}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {ALERT_SEVERITIES.map((severity) => {
          const pressed = selected.includes(severity);
          const count = counts?.[severity];
          return (
            <UnstyledButton
              key={severity}
              className={classes.count}
              data-pressed={pressed || undefined}
              style={
                { '--severity-colour': `var(--mantine-color-${SEVERITY_COLOUR[severity]}-filled)` } as never
              }
              aria-pressed={pressed}
              aria-label={t('counts.toggle', {
                severity: t(`severity.${severity}`),
                count: count ?? 0,
              })}
              onClick={() => onToggle(severity)}
              data-testid={`severity-count-${severity}`}
            >
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" fw={600}>
                  {t(`severity.${severity}`)}
                </Text>
                {count === undefined ? (
                  <Skeleton height={22} width={32} />
                ) : (
                  <Text fz={22} fw={700} lh={1} data-testid="severity-count-value">
                    {count}
                  </Text>
                )}
              </Group>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </div>
  );
}
