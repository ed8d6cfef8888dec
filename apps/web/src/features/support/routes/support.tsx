import { Tabs } from '@mantine/core';
import { IconLock, IconMessageCircle, IconTicket, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { ChatInbox } from '../components/chat-inbox.tsx';
import { PeopleList } from '../components/people-list.tsx';
import { TicketsInbox } from '../components/tickets-inbox.tsx';

const VIEWS = ['people', 'tickets', 'chat'] as const;
type View = (typeof VIEWS)[number];

/**
 * Support: the provider's SUPPORT staff find a customer's person and act as them with an access code
 * (People), read the tickets customers send them (Tickets, `?view=tickets`) and answer the customers' support
 * chat (Chat, `?view=chat`). It is where support staff land (issue 37).
 */
export function Component() {
  const { t } = useTranslation('support');
  const { claims } = useAuth();
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view: View = VIEWS.find((v) => v === asked) ?? 'people';
  if (claims?.role !== 'SUPPORT' || claims.impersonatedBy) {
    return (
      <PageFrame>
        <EmptyState icon={IconLock} title={t('notSupport.title')} text={t('notSupport.text')} />
      </PageFrame>
    );
  }
  return (
    <PageFrame>
      <Tabs
        value={view}
        onChange={(next) => setParams(next && next !== 'people' ? { view: next } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="people" leftSection={<IconUsers size={16} aria-hidden />}>
            {t('tabs.people')}
          </Tabs.Tab>
          <Tabs.Tab value="tickets" leftSection={<IconTicket size={16} aria-hidden />}>
            {t('tabs.tickets')}
          </Tabs.Tab>
          <Tabs.Tab value="chat" leftSection={<IconMessageCircle size={16} aria-hidden />}>
            {t('tabs.chat')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="people">
          <PeopleList />
        </Tabs.Panel>
        <Tabs.Panel value="tickets">
          <TicketsInbox />
        </Tabs.Panel>
        <Tabs.Panel value="chat">
          <ChatInbox />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
