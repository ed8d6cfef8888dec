import { ActionIcon, Group, Menu, Paper, Text, Tooltip } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowsMove,
  IconArrowUp,
  IconGripVertical,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TooltipAction } from '../../../components/tooltip-action.tsx';
import { type Direction, DRAG_HANDLE_CLASS, type SizeChange } from '../utils/layout.ts';

interface WidgetFrameProps {
  title: string;
  /** Drag handle shown (the grid, not the phone stack). */
  draggable: boolean;
  onMove: (direction: Direction) => void;
  onResize: (change: SizeChange) => void;
  onConfigure: () => void;
  onRemove: () => void;
  children: ReactNode;
}

const MOVES: { direction: Direction; icon: typeof IconArrowUp }[] = [
  { direction: 'up', icon: IconArrowUp },
  { direction: 'down', icon: IconArrowDown },
  { direction: 'left', icon: IconArrowLeft },
  { direction: 'right', icon: IconArrowRight },
];
const SIZES: SizeChange[] = ['wider', 'narrower', 'taller', 'shorter'];

const KEY_MOVES: Record<string, Direction> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};
const KEY_SIZES: Record<string, SizeChange> = {
  ArrowUp: 'shorter',
  ArrowDown: 'taller',
  ArrowLeft: 'narrower',
  ArrowRight: 'wider',
};

/**
 * A widget in the editor: a bar with the drag handle, its name and its controls above the widget. The bar
 * takes the keyboard: arrow keys move the widget, Shift + arrow keys resize it; the layout menu does the
 * same by pointer or screen reader.
 */
export function WidgetFrame({
  title,
  draggable,
  onMove,
  onResize,
  onConfigure,
  onRemove,
  children,
}: WidgetFrameProps) {
  const { t } = useTranslation('dashboards');
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const change = event.shiftKey ? KEY_SIZES[event.key] : undefined;
    const move = event.shiftKey ? undefined : KEY_MOVES[event.key];
    if (!change && !move) return;
    event.preventDefault();
    if (change) onResize(change);
    if (move) onMove(move);
  };
  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      data-testid="widget-frame"
    >
      <Paper
        withBorder
        radius="md"
        px={6}
        py={2}
        mb={6}
        bg="var(--mantine-primary-color-light)"
        tabIndex={0}
        role="group"
        aria-label={t('editor.frameLabel', { name: title })}
        aria-describedby="dashboard-keyboard-help"
        onKeyDown={handleKeyDown}
        data-testid="widget-frame-bar"
      >
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            {draggable && (
              <Tooltip label={t('editor.drag')}>
                <span className={DRAG_HANDLE_CLASS} style={{ cursor: 'grab', display: 'inline-flex' }}>
                  <IconGripVertical size={18} aria-hidden />
                </span>
              </Tooltip>
            )}
            <Text size="sm" fw={600} lineClamp={1}>
              {title}
            </Text>
          </Group>
          <Group gap={2} wrap="nowrap">
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" size="sm" aria-label={t('editor.layoutMenu', { name: title })}>
                  <IconArrowsMove size={16} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t('editor.move')}</Menu.Label>
                {MOVES.map(({ direction, icon: Icon }) => (
                  <Menu.Item
                    key={direction}
                    leftSection={<Icon size={14} aria-hidden />}
                    onClick={() => onMove(direction)}
                    closeMenuOnClick={false}
                  >
                    {t(`editor.moves.${direction}`)}
                  </Menu.Item>
                ))}
                <Menu.Label>{t('editor.size')}</Menu.Label>
                {SIZES.map((change) => (
                  <Menu.Item key={change} onClick={() => onResize(change)} closeMenuOnClick={false}>
                    {t(`editor.sizes.${change}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            {[
              {
                action: 'configure',
                short: t('editor.configureShort'),
                label: t('editor.configure', { name: title }),
                icon: IconSettings,
                color: undefined,
                onClick: onConfigure,
              },
              {
                action: 'remove',
                short: t('editor.removeShort'),
                label: t('editor.remove', { name: title }),
                icon: IconTrash,
                color: 'red',
                onClick: onRemove,
              },
            ].map(({ action, short, label, icon, color, onClick }) => (
              <TooltipAction
                key={action}
                variant="subtle"
                color={color}
                size="sm"
                iconSize={16}
                icon={icon}
                tooltip={short}
                label={label}
                onClick={onClick}
              />
            ))}
          </Group>
        </Group>
      </Paper>
      <div style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{children}</div>
    </div>
  );
}
