import { Badge, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { WIDGET_TYPES, type WidgetType } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import classes from './widget-catalogue.module.css';

interface WidgetCatalogueProps {
  opened: boolean;
  onClose: () => void;
  onAdd: (type: WidgetType) => void;
  /** Types the organization cannot use (no `analytics` entitlement): listed, not offered. */
  unavailable: ReadonlySet<WidgetType>;
}

/** Every widget type of the contracts, each with what it shows; choosing one adds it at the bottom. */
export function WidgetCatalogue({ opened, onClose, onAdd, unavailable }: WidgetCatalogueProps) {
  const { t } = useTranslation('dashboards');
  return (
    <Modal opened={opened} onClose={onClose} title={t('catalogue.title')} size="xl">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" data-testid="widget-catalogue">
        {WIDGET_TYPES.map((type) => {
          const off = unavailable.has(type);
          return (
            <UnstyledButton
              key={type}
              className={classes.option}
              disabled={off}
              data-disabled={off || undefined}
              onClick={() => onAdd(type)}
              aria-label={t('catalogue.add', { name: t(`widgets.${type}`) })}
              data-testid={`catalogue-${type}`}
            >
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  {t(`widgets.${type}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`catalogue.descriptions.${type}`)}
                </Text>
                {off && (
                  <Badge variant="light" color="gray" tt="none" size="sm">
                    {t('catalogue.needsAnalytics')}
                  </Badge>
                )}
              </Stack>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Modal>
  );
}
