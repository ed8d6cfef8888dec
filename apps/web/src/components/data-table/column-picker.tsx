import { ActionIcon } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import type { Table } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadedLater } from '../../lib/loaded-later.ts';
import { useHoverTooltip } from '../hover-tooltip.tsx';

const popover = loadedLater(() => import('./column-picker-popover.tsx'));
const prefetch = () => void popover.load().catch(() => undefined);

/**
 * The table's column picker. Its popover (Mantine's Popover, Checkbox and Tooltip, with floating-ui: ~45 KB
 * gzipped with what shares their chunks) is no part of a list's first load: it is fetched when the button is
 * first pointed at, focused or pressed, and until it first opens the button is drawn alone, with its tooltip
 * on hover. Once opened it stays the popover (column-picker-popover.tsx).
 */
export function ColumnPicker<T>({ table }: { table: Table<T> }) {
  const { t } = useTranslation('table');
  const [loaded, setLoaded] = useState(() => popover.current() ?? null);
  const [opened, setOpened] = useState(false);
  const { handlers, tooltip } = useHoverTooltip(t('columns'));
  if (loaded) return <loaded.ColumnPickerPopover table={table} defaultOpened={opened} />;
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('columns')}
        aria-haspopup="dialog"
        aria-expanded={false}
        data-testid="column-picker"
        {...handlers}
        onPointerEnter={prefetch}
        onFocus={(event) => {
          prefetch();
          handlers.onFocus(event);
        }}
        onClick={() => {
          popover.load().then(
            (module) => {
              setOpened(true);
              setLoaded(module);
            },
            () => undefined,
          );
        }}
      >
        <IconColumns3 size={18} aria-hidden />
      </ActionIcon>
      {tooltip}
    </>
  );
}
