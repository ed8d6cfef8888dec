import { Badge, Button, Drawer, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { ChatConversation } from '@vnoc/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatBack, ChatComposer, ChatMessages, useMarkRead } from '../../../components/chat-thread.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import {
  useConversation,
  type useConversations,
  useSendMessage,
  useStartConversation,
} from '../../../lib/chat.ts';
import { formatDate } from '../../../lib/format.ts';
import { ChatWhoAnswers } from './chat-who-answers.tsx';

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'thread'; id: string };

/**
 * The support chat's panel (a drawer): the person's conversations, a new one, a thread. A module of its own,
 * loaded the first time the launcher is pointed at, focused or pressed (`chat-launcher.tsx`): the signed-in
 * frame's first load does not carry it (issue 12).
 */
export function ChatPanel({
  opened,
  onClose,
  conversations,
}: {
  opened: boolean;
  onClose: () => void;
  conversations: ReturnType<typeof useConversations>;
}) {
  const { t } = useTranslation('chat');
  const [view, setView] = useState<View>({ kind: 'list' });
  const phone = useMediaQuery('(max-width: 36em)');
  // Mounted by the launcher's first press, already asked to open: it opens once mounted, so the drawer sees
  // itself open (and notes the launcher as where focus returns when it closes).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Drawer
      opened={opened && mounted}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 420}
      title={t('title')}
      data-testid="chat-panel"
    >
      {view.kind === 'list' && (
        <ConversationList
          query={conversations}
          onOpen={(id) => setView({ kind: 'thread', id })}
          onNew={() => setView({ kind: 'new' })}
        />
      )}
      {view.kind === 'new' && (
        <NewConversation
          onBack={() => setView({ kind: 'list' })}
          onStarted={(id) => setView({ kind: 'thread', id })}
        />
      )}
      {view.kind === 'thread' && <Thread id={view.id} onBack={() => setView({ kind: 'list' })} />}
    </Drawer>
  );
}

function ConversationList({
  query,
  onOpen,
  onNew,
}: {
  query: ReturnType<typeof useConversations>;
  onOpen: (id: string) => void;
  onNew: () => void;
}) {
  const { t } = useTranslation('chat');
  const list = query.data?.content ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <ChatWhoAnswers />
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew} data-testid="chat-new">
        {t('newConversation')}
      </Button>
      {query.isPending && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('loading')}</Text>
        </Group>
      )}
      {query.isError && (
        <LoadError error={query.error} onRetry={() => void query.refetch()} retryLabel={t('retry')} />
      )}
      {query.isSuccess && list.length === 0 && (
        <Text size="sm" ta="center" py="md" data-testid="chat-empty">
          {t('empty')}
        </Text>
      )}
      {list.map((conversation) => (
        <ConversationRow key={conversation.id} conversation={conversation} onOpen={onOpen} />
      ))}
    </Stack>
  );
}

function ConversationRow({
  conversation,
  onOpen,
}: {
  conversation: ChatConversation;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('chat');
  const last = conversation.lastMessage;
  return (
    <UnstyledButton
      onClick={() => onOpen(conversation.id)}
      p="sm"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
      data-testid="chat-conversation"
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Badge size="sm" variant="light" color={conversation.status === 'open' ? 'blue' : 'gray'}>
          {t(`status.${conversation.status}`)}
        </Badge>
        <Group gap={6} wrap="nowrap">
          {conversation.unread > 0 && (
            <Badge size="sm" color="red" circle aria-label={t('unread', { count: conversation.unread })}>
              {conversation.unread}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {formatDate(conversation.lastMessageAt)}
          </Text>
        </Group>
      </Group>
      {last && (
        <Text size="sm" mt={4} lineClamp={2}>
          {last.author === 'support' ? `${t('thread.supportTeam')}: ` : `${t('you')}: `}
          {last.body}
        </Text>
      )}
    </UnstyledButton>
  );
}

function NewConversation({ onBack, onStarted }: { onBack: () => void; onStarted: (id: string) => void }) {
  const { t } = useTranslation('chat');
  const start = useStartConversation();
  return (
    <Stack gap="sm">
      <ChatBack onBack={onBack} />
      <ChatComposer
        label={t('newLabel')}
        submitLabel={t('start')}
        sending={start.isPending}
        autoFocus
        onSend={async (body) => onStarted((await start.mutateAsync(body)).conversation.id)}
      />
    </Stack>
  );
}

function Thread({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('chat');
  const thread = useConversation(id);
  const send = useSendMessage(id);
  useMarkRead(id, thread.data?.conversation.unread ?? 0);

  return (
    <Stack gap="sm">
      <ChatBack onBack={onBack} />
      {thread.isPending && <Loader size="sm" aria-label={t('loading')} />}
      {thread.isError && (
        <LoadError error={thread.error} onRetry={() => void thread.refetch()} retryLabel={t('retry')} />
      )}
      {thread.data && (
        <>
          <ChatMessages messages={thread.data.messages} me="user" height="calc(100dvh - 330px)" />
          {thread.data.conversation.status === 'closed' && (
            <Text size="xs" c="dimmed" data-testid="chat-closed">
              {t('closedNotice')}
            </Text>
          )}
          <ChatComposer
            label={t('replyLabel')}
            sending={send.isPending}
            onSend={(body) => send.mutateAsync(body)}
            autoFocus
          />
        </>
      )}
    </Stack>
  );
}
