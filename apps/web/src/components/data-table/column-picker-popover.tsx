import { ActionIcon, Checkbox, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import type { Table } from '@tanstack/react-table';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { columnLabel } from './column-label.ts';

/**
 * A dropdown of checkboxes that shows or hides the table's columns; the last visible one cannot be hidden.
 * A popover rather than a menu: menu items close the menu and hold no form controls. `ColumnPicker`
 * (column-picker.tsx) loads it when first opened.
 */
export function ColumnPickerPopover<T>({
  table,
  defaultOpened,
}: {
  table: Table<T>;
  defaultOpened: boolean;
}) {
  const { t } = useTranslation('table');
  const headingId = useId();

  const columns = table.getAllLeafColumns().filter((c) => c.getCanHide());
  const visibleCount = table.getVisibleLeafColumns().length;
  return (
    <Popover
      position="bottom-end"
      shadow="md"
      withinPortal
      trapFocus
      hideDetached={false}
      defaultOpened={defaultOpened}
    >
      <Popover.Target>
        <Tooltip label={t('columns')} withArrow>
          <ActionIcon variant="default" size="lg" aria-label={t('columns')} data-testid="column-picker">
            <IconColumns3 size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-labelledby={headingId}>
          <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase">
            {t('columns')}
          </Text>
          {columns.map((column) => {
            const visible = column.getIsVisible();
            return (
              <Checkbox
                key={column.id}
                label={columnLabel(column)}
                checked={visible}
                disabled={visible && visibleCount <= 1}
                onChange={(event) => column.toggleVisibility(event.currentTarget.checked)}
              />
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
