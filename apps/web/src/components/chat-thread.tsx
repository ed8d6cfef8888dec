import { Box, Button, Group, Loader, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { CHAT_MESSAGE_MAX, type ChatAuthor, type ChatMessage } from '@vnoc/contracts';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useConversationAction } from '../lib/chat.ts';
import { formatDate } from '../lib/format.ts';
import { useComposer } from '../lib/use-composer.ts';
import { BackButton } from './back-link.tsx';
import { FormError } from './form-error.tsx';

interface ChatMessagesProps {
  messages: ChatMessage[];
  /** Which side the reader is on: their own messages sit on the right. */
  me: ChatAuthor;
  height: number | string;
}

/** A conversation's messages as bubbles, oldest first, kept scrolled to the newest. */
export function ChatMessages({ messages, me, height }: ChatMessagesProps) {
  const { t } = useTranslation('chat');
  const viewport = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1]?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a message arrives
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [last]);
  return (
    <ScrollArea h={height} viewportRef={viewport} type="auto" offsetScrollbars>
      <Stack gap="xs" p="xs" role="log" aria-label={t('thread.messages')} data-testid="chat-messages">
        {messages.map((message) => {
          const mine = message.author === me;
          return (
            <Box key={message.id} style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
              <Paper
                px="sm"
                py={6}
                radius="md"
                bg={mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
                data-testid="chat-message"
                data-author={message.author}
              >
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {message.body}
                </Text>
              </Paper>
              <Text size="xs" c="dimmed" ta={mine ? 'right' : 'left'} mt={2}>
                {message.author === 'support'
                  ? `${message.authorName ?? t('thread.support')} · ${t('thread.supportTeam')}`
                  : (message.authorName ?? t('thread.formerUser'))}{' '}
                · {formatDate(message.createdAt)}
              </Text>
            </Box>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}

interface ChatComposerProps {
  /** Sends the text; rejects with the server's refusal (the text is kept then). */
  onSend: (body: string) => Promise<unknown>;
  sending: boolean;
  label: string;
  submitLabel?: string;
  autoFocus?: boolean;
}

/** Where a message is written: Enter sends, Shift+Enter starts a new line; nothing typed is lost on failure. */
export function ChatComposer({ onSend, sending, label, submitLabel, autoFocus }: ChatComposerProps) {
  const { t } = useTranslation('chat');
  const { text, setText, trimmed, tooLong, failure, send } = useComposer(onSend, sending, CHAT_MESSAGE_MAX);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Stack gap={6}>
      <FormError error={failure} />
      <Textarea
        label={label}
        placeholder={t('composer.placeholder')}
        autosize
        minRows={2}
        maxRows={6}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        error={tooLong ? t('composer.tooLong', { max: CHAT_MESSAGE_MAX }) : undefined}
        description={t('composer.hint')}
        autoFocus={autoFocus}
        data-testid="chat-composer"
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c={tooLong ? 'red' : 'dimmed'} aria-live="polite">
          {text.length > CHAT_MESSAGE_MAX - 500
            ? t('composer.count', { count: text.length, max: CHAT_MESSAGE_MAX })
            : ''}
        </Text>
        <Button
          size="xs"
          leftSection={sending ? <Loader size={12} /> : <IconSend size={14} aria-hidden />}
          onClick={() => void send()}
          disabled={!trimmed || tooLong || sending}
        >
          {submitLabel ?? t('composer.send')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Back to the list of conversations. */
export function ChatBack({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('chat');
  return <BackButton onBack={onBack}>{t('back')}</BackButton>;
}

/** Marks the open conversation read whenever messages from the other side arrive unread. */
export function useMarkRead(id: string, unread: number) {
  const read = useConversationAction('read');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when unread messages arrive
  useEffect(() => {
    if (unread > 0 && !read.isPending) read.mutate(id);
  }, [id, unread]);
}
