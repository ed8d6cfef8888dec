import { PageFrame } from '../../../components/page-frame.tsx';
import { TicketsList } from '../components/tickets-list.tsx';

/** Tickets: the organization's support tickets, sent from devices, with paging, sorting and a status filter. */
export function Component() {
  return (
    <PageFrame>
      <TicketsList />
    </PageFrame>
  );
}
