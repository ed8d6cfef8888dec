import { Affix, Button } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../styles/sign-in-styles.ts';

const loadDrawer = () => import('./dev-outbox-drawer.tsx');
const DevOutboxDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.DevOutboxDrawer })));

/**
 * Development aid shown only when GET health says delivery 'outbox' (dev-outbox-gate.tsx): a button that opens
 * the codes that were "sent". The drawer and all it draws with (much of the console's kit) load when the button
 * is first pointed at, focused or pressed, so the sign-in pages do not download them for a button.
 */
export function DevOutbox() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const prepare = () => {
    loadDrawer().catch(() => undefined);
  };
  // The button floats over the page's bottom left: while it shows, the console's page ends clear of it
  // (styles.css), so a phone can scroll its last row, pager or button out from under it (issue 37).
  useEffect(() => {
    document.body.dataset.devOutbox = '';
    return () => {
      delete document.body.dataset.devOutbox;
    };
  }, []);
  return (
    <>
      <Affix position={{ bottom: 16, left: 16 }} zIndex={150}>
        <Button
          onClick={() => {
            setWanted(true);
            setOpened(true);
          }}
          onPointerEnter={prepare}
          onFocus={prepare}
          size="xs"
          variant="default"
          leftSection={<IconInbox size={16} aria-hidden />}
          data-testid="dev-outbox-button"
          radius="xl"
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
        >
          {t('outbox.button')}
        </Button>
      </Affix>
      {wanted && (
        <Suspense fallback={null}>
          <DevOutboxDrawer opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
