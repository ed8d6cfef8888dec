import { ActionIcon, Indicator } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth-store.ts';
import { useConversations } from '../../../lib/chat.ts';
import { preloadable } from '../../../lib/preloadable.tsx';
import { supportChat, useChatMode } from '../../../lib/support-chat.ts';

const LIST = { page: 0, pageSize: 50 };
const panel = preloadable(() => import('./chat-panel.tsx').then((m) => m.ChatPanel));
const ChatPanel = panel.Component;
const preloadPanel = () => void panel.preload().catch(() => undefined);

/**
 * vNOC's own support chat for a customer's person (issue 10 part 6): a launcher in the header of every
 * signed-in screen (never over the screen's own buttons) with the count of unread answers, opening their
 * conversations with the provider's support team (`chat-panel.tsx`, loaded when the launcher is first pointed
 * at, focused or pressed). Shown only when the chat booted in vNOC's own mode (no Intercom app configured).
 */
export function ChatLauncher() {
  const { t } = useTranslation('chat');
  const { jwt, user } = useAuth();
  const mode = useChatMode();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);

  // A console opened with a session already signed in boots here (the sign-in screens boot it themselves).
  useEffect(() => {
    if (jwt && user) void supportChat.boot(user);
  }, [jwt, user]);
  useEffect(() => {
    if (user) supportChat.update(user);
  }, [user]);

  const conversations = useConversations(LIST, mode === 'own');
  if (mode !== 'own') return null;
  const unread = (conversations.data?.content ?? []).reduce((sum, c) => sum + c.unread, 0);

  return (
    <>
      <Indicator label={unread} disabled={unread === 0} size={16} offset={4} color="red">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={unread > 0 ? t('launcher.labelUnread', { count: unread }) : t('launcher.label')}
          aria-expanded={opened}
          onPointerEnter={preloadPanel}
          onFocus={preloadPanel}
          onClick={() => {
            setUsed(true);
            setOpened(true);
          }}
          data-testid="chat-launcher"
        >
          <IconMessageCircle size={20} aria-hidden />
        </ActionIcon>
      </Indicator>
      {/* Mounted from the first use on, so a conversation left open is there again when the panel reopens. */}
      {used && (
        <Suspense fallback={null}>
          <ChatPanel opened={opened} onClose={() => setOpened(false)} conversations={conversations} />
        </Suspense>
      )}
    </>
  );
}
