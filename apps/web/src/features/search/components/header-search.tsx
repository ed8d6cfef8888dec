import { Button, Group, Kbd, Text, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadable } from '../../../lib/preloadable.tsx';
import { useNarrow } from '../../../lib/use-narrow.ts';

const panel = preloadable(() => import('./search-panel.tsx').then((m) => m.SearchPanel));
const SearchPanel = panel.Component;
const preloadPanel = () => void panel.preload().catch(() => undefined);

/**
 * The header search's launcher (issue 37): a button, "/" and Ctrl/Cmd+K from anywhere but a field. The panel
 * (Spotlight, the suggestions and the results: `search-panel.tsx`) is loaded when the button is first pointed
 * at, focused or pressed, or a shortcut is used, so the signed-in frame carries none of it.
 */
export function HeaderSearch() {
  const { t } = useTranslation('search');
  const narrow = useNarrow();
  const [request, setRequest] = useState(0);
  const open = () => setRequest((n) => n + 1);
  useHotkeys([
    ['/', open],
    ['mod+K', open],
  ]);
  const common = {
    onClick: open,
    onPointerEnter: preloadPanel,
    onFocus: preloadPanel,
    'aria-label': t('open'),
    'aria-keyshortcuts': '/ Control+K Meta+K',
    'data-testid': 'header-search',
  };
  return (
    <>
      {narrow ? (
        <Button variant="subtle" color="gray" px={8} {...common}>
          <IconSearch size={20} aria-hidden />
        </Button>
      ) : (
        <UnstyledButton
          px="sm"
          py={6}
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
          {...common}
        >
          <Group gap="xs" wrap="nowrap">
            <IconSearch size={16} aria-hidden />
            <Text size="sm" c="dimmed">
              {t('button')}
            </Text>
            <Kbd size="xs">/</Kbd>
          </Group>
        </UnstyledButton>
      )}
      {request > 0 && (
        <Suspense fallback={null}>
          <SearchPanel request={request} narrow={narrow} />
        </Suspense>
      )}
    </>
  );
}
