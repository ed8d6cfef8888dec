import { Tabs } from '@mantine/core';
import { IconLock, IconMessageCircle, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { ChatInbox } from '../components/chat-inbox.tsx';
import { PeopleList } from '../components/people-list.tsx';

/**
 * Support: the provider's SUPPORT staff find a customer's person and act as them with an access code
 * (People), and answer the customers' support chat (Chat, `?view=chat`).
 */
export function Component() {
  const { t } = useTranslation('support');
  const { claims } = useAuth();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'chat' ? 'chat' : 'people';
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
        onChange={(next) => setParams(next === 'chat' ? { view: 'chat' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="people" leftSection={<IconUsers size={16} aria-hidden />}>
            {t('tabs.people')}
          </Tabs.Tab>
          <Tabs.Tab value="chat" leftSection={<IconMessageCircle size={16} aria-hidden />}>
            {t('tabs.chat')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="people">
          <PeopleList />
        </Tabs.Panel>
        <Tabs.Panel value="chat">
          <ChatInbox />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
