import {
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconMessageCircle, IconSearch } from '@tabler/icons-react';
import type { ChatConversation, ChatStatus } from '@vnoc/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatBack, ChatComposer, ChatMessages, useMarkRead } from '../../../components/chat-thread.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import {
  useConversation,
  useConversationAction,
  useConversations,
  useSendMessage,
} from '../../../lib/chat.ts';
import { formatDate } from '../../../lib/format.ts';
import { useFormatPhone } from '../../../lib/use-format-phone.ts';

const PAGE_SIZE = 25;

/** The provider's support inbox (issue 10 part 6): every organization's conversations, answered here. */
export function ChatInbox() {
  const { t } = useTranslation('chat');
  const [status, setStatus] = useState<ChatStatus>('open');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useConversations({ status, q, page, pageSize: PAGE_SIZE });
  const list = query.data?.content ?? [];

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at its first page
  useEffect(() => setPage(0), [status, q]);

  const listPane = (
    <Stack gap="sm">
      <SegmentedControl
        value={status}
        onChange={(value) => setStatus(value as ChatStatus)}
        data={[
          { value: 'open', label: t('inbox.open') },
          { value: 'closed', label: t('inbox.closed') },
        ]}
        aria-label={t('inbox.filter')}
      />
      <TextInput
        label={t('inbox.search')}
        placeholder={t('inbox.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={200}
      />
      {query.isPending && <Loader size="sm" aria-label={t('loading')} />}
      {query.isError && (
        <LoadError error={query.error} onRetry={() => void query.refetch()} retryLabel={t('retry')} />
      )}
      {query.isSuccess && list.length === 0 && (
        <Text size="sm" ta="center" py="md" data-testid="inbox-empty">
          {q ? t('inbox.noMatch', { q }) : t(`inbox.empty.${status}`)}
        </Text>
      )}
      {list.map((conversation) => (
        <InboxRow
          key={conversation.id}
          conversation={conversation}
          selected={conversation.id === selected}
          onOpen={() => setSelected(conversation.id)}
        />
      ))}
      {(query.data?.totalPages ?? 0) > 1 && (
        <Pagination
          size="sm"
          total={query.data?.totalPages ?? 1}
          value={page + 1}
          onChange={(value) => setPage(value - 1)}
        />
      )}
    </Stack>
  );

  const threadPane = selected ? (
    <InboxThread id={selected} onBack={phone ? () => setSelected(null) : undefined} />
  ) : (
    <EmptyState icon={IconMessageCircle} title={t('inbox.pickTitle')} text={t('inbox.pickText')} />
  );

  return (
    <Stack gap="md" data-testid="chat-inbox">
      {phone ? (
        selected ? (
          threadPane
        ) : (
          listPane
        )
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>{listPane}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>{threadPane}</Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

function InboxRow({
  conversation,
  selected,
  onOpen,
}: {
  conversation: ChatConversation;
  selected: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('chat');
  const last = conversation.lastMessage;
  return (
    <UnstyledButton
      onClick={onOpen}
      p="sm"
      aria-current={selected || undefined}
      style={{
        border: `1px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
        borderRadius: 'var(--mantine-radius-md)',
      }}
      data-testid="inbox-conversation"
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} truncate>
          {conversation.person.name}
        </Text>
        {conversation.unread > 0 && (
          <Badge size="sm" color="red" aria-label={t('unread', { count: conversation.unread })}>
            {conversation.unread}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {conversation.organization.name} · {formatDate(conversation.lastMessageAt)}
      </Text>
      {last && (
        <Text size="sm" mt={4} lineClamp={2}>
          {last.author === 'support' ? `${t('thread.supportTeam')}: ` : ''}
          {last.body}
        </Text>
      )}
    </UnstyledButton>
  );
}

function InboxThread({ id, onBack }: { id: string; onBack?: () => void }) {
  const formatPhone = useFormatPhone();
  const { t } = useTranslation('chat');
  const thread = useConversation(id);
  const send = useSendMessage(id);
  const close = useConversationAction('close');
  useMarkRead(id, thread.data?.conversation.unread ?? 0);

  if (thread.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (thread.isError)
    return <LoadError error={thread.error} onRetry={() => void thread.refetch()} retryLabel={t('retry')} />;
  const { conversation, messages } = thread.data;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        {onBack && <ChatBack onBack={onBack} />}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={2} fz="lg">
              {conversation.person.name}
            </Title>
            <Text size="sm" c="dimmed">
              {[
                conversation.organization.name,
                conversation.person.email,
                formatPhone(conversation.person.phone),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </div>
          <Group gap="xs">
            <Badge variant="light" color={conversation.status === 'open' ? 'blue' : 'gray'}>
              {t(`status.${conversation.status}`)}
            </Badge>
            {conversation.status === 'open' && (
              <Button size="xs" variant="default" loading={close.isPending} onClick={() => close.mutate(id)}>
                {t('inbox.close')}
              </Button>
            )}
          </Group>
        </Group>
        <ChatMessages messages={messages} me="support" height={360} />
        {conversation.status === 'closed' && (
          <Text size="xs" c="dimmed">
            {t('closedNotice')}
          </Text>
        )}
        <ChatComposer
          label={t('inbox.replyLabel')}
          sending={send.isPending}
          onSend={(body) => send.mutateAsync(body)}
        />
      </Stack>
    </Paper>
  );
}
