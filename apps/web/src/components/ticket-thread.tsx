import { Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { TICKET_MESSAGE_MAX, type TicketMessage, type TicketSide, type TicketStatus } from '@vnoc/contracts';
import type { FormEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { actorName } from '../lib/actor-name.ts';
import { useReplyToTicket, useTicketThread } from '../lib/ticket-thread.ts';
import { useComposer } from '../lib/use-composer.ts';
import { CountedTextarea } from './counted-textarea.tsx';
import { DateText } from './date-text.tsx';
import { DetailCard } from './detail-card.tsx';
import { FormError } from './form-error.tsx';
import { LoadError } from './load-error.tsx';
import { PlainList } from './plain-list.tsx';

/** Who wrote a reply: support's own name marked as support, or "Sam Support (vNOC support) for …" in a support session. */
function authorOf(message: TicketMessage, supportLabel: string): string {
  if (message.side === 'support' && !message.author.support)
    return `${message.author.name} · ${supportLabel}`;
  return actorName(message.author);
}

/**
 * A ticket's thread (issue 37): the customer's and support's replies, oldest first, each with who wrote it and
 * when (its age, the exact time on hover and focus). The reader's own side sits on the right.
 */
export function TicketThread({ messages, me }: { messages: TicketMessage[]; me: TicketSide }) {
  const { t } = useTranslation('tickets');
  if (messages.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="ticket-thread-empty">
        {t('thread.empty')}
      </Text>
    );
  }
  return (
    <PlainList aria-label={t('thread.label')} data-testid="ticket-thread">
      {messages.map((message) => {
        const mine = message.side === me;
        return (
          <Box
            component="li"
            key={message.id}
            style={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start' }}
            data-testid="ticket-message"
            data-side={message.side}
          >
            <Group gap={6} wrap="wrap" justify={mine ? 'flex-end' : 'flex-start'} mb={2}>
              <Text size="xs" fw={700}>
                {authorOf(message, t('thread.support'))}
              </Text>
              <DateText value={message.createdAt} relative size="xs" c="dimmed" />
            </Group>
            <Paper
              px="sm"
              py={6}
              radius="md"
              maw="85%"
              withBorder={!mine}
              bg={mine ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.body}
              </Text>
            </Paper>
          </Box>
        );
      })}
    </PlainList>
  );
}

interface TicketReplyBoxProps {
  /** Sends the text; rejects with the server's refusal (the text is kept then). */
  onSend: (body: string) => Promise<unknown>;
  sending: boolean;
  /** Said under the box: who reads the reply (and that a closed ticket opens again). */
  hint: string;
}

/** Where a reply is written: Ctrl+Enter (⌘+Enter) or the button sends it; nothing typed is lost on failure. */
export function TicketReplyBox({ onSend, sending, hint }: TicketReplyBoxProps) {
  const { t } = useTranslation('tickets');
  const { text, setText, trimmed, failure, send } = useComposer(onSend, sending, TICKET_MESSAGE_MAX);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <FormError error={failure} />
        <CountedTextarea
          label={t('thread.reply')}
          placeholder={t('thread.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          max={TICKET_MESSAGE_MAX}
          minRows={3}
          data-testid="ticket-reply"
        />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {hint} {t('thread.keys')}
          </Text>
          <Button
            type="submit"
            size="sm"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={sending}
            disabled={!trimmed}
            data-testid="ticket-reply-send"
          >
            {t('thread.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface TicketConversationProps {
  /** The ticket. */
  id: string;
  /** Its status: a reply to a closed ticket opens it again (said under the box). */
  status: TicketStatus;
  /** The reader's side: the customer's ticket page, or support (its console, or a support session). */
  side: TicketSide;
  /** Which requests: the customer's ticket routes, or the support console's. */
  via: TicketSide;
  /** Whether the reader may reply (READ_ONLY reads only). */
  canReply: boolean;
}

/** The thread of a ticket in a card: its replies, loading and failure states, and the reply box. */
export function TicketConversation({ id, status, side, via, canReply }: TicketConversationProps) {
  const { t } = useTranslation('tickets');
  const thread = useTicketThread(via, id);
  const reply = useReplyToTicket(via, id);
  const hint = [
    side === 'support' ? t('thread.hintSupport') : t('thread.hintCustomer'),
    status === 'closed' ? t('thread.reopens') : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <DetailCard title={t('thread.title')} data-testid="ticket-conversation">
      <Stack gap="md">
        {thread.isPending && <Loader size="sm" aria-label={t('thread.loading')} />}
        {thread.isError && (
          <LoadError
            error={thread.error}
            onRetry={() => void thread.refetch()}
            retryLabel={t('thread.retry')}
          />
        )}
        {thread.data && <TicketThread messages={thread.data.messages} me={side} />}
        {canReply && (
          <TicketReplyBox onSend={(body) => reply.mutateAsync(body)} sending={reply.isPending} hint={hint} />
        )}
      </Stack>
    </DetailCard>
  );
}
