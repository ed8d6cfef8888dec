import { ActionIcon, Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RenamePopoverProps {
  /** The pencil's accessible name ("Rename Port 3"). */
  buttonLabel: string;
  /** The field's label and hint. */
  label: string;
  description: string;
  /** What the field starts with each time it opens. */
  value: string;
  maxLength: number;
  pending: boolean;
  /** Called with the trimmed text; `close` once it is saved. */
  onSave: (value: string, close: () => void) => void;
  /** Test ids: the pencil, the field and the save button. */
  testIds: { button: string; input: string; save: string };
}

/** The pencil with its popover (`RenamePopover` loads it when first opened), open at first if `defaultOpened`. */
export function RenamePopoverForm({
  buttonLabel,
  label,
  description,
  value: initial,
  maxLength,
  pending,
  onSave,
  testIds,
  defaultOpened,
}: RenamePopoverProps & { defaultOpened: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(defaultOpened);
  const [value, setValue] = useState(initial);
  const close = () => setOpened(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      position="bottom"
      withArrow
      shadow="md"
      onOpen={() => setValue(initial)}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={buttonLabel}
          onClick={() => setOpened((o) => !o)}
          data-testid={testIds.button}
        >
          <IconPencil size={14} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSave(value.trim(), close);
          }}
        >
          <Stack gap="xs" w={240}>
            <TextInput
              label={label}
              description={description}
              value={value}
              maxLength={maxLength}
              onChange={(event) => setValue(event.currentTarget.value)}
              data-autofocus
              data-testid={testIds.input}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" size="xs" loading={pending} data-testid={testIds.save}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
