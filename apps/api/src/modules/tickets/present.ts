import {
  type SupportTicket,
  TicketAlertSchema,
  TicketDeviceSchema,
  type TicketMessage,
  type TicketNote,
  TicketSiteSchema,
  type TicketSummary,
} from '@vnoc/contracts';
import { iso } from '../../http/iso.ts';
import type { SupportTicketRow, TicketMessageRow, TicketNoteRow, TicketRow } from './repository.ts';

export function presentSummary(row: TicketRow): TicketSummary {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    status: row.status,
    createdAt: iso(row.created_at) ?? '',
    updatedAt: iso(row.updated_at) ?? '',
    createdBy: {
      id: row.created_by,
      name: row.created_by_name,
      support:
        row.created_by_support && row.created_by_support_name
          ? { id: row.created_by_support, name: row.created_by_support_name }
          : null,
    },
    device: TicketDeviceSchema.parse(row.device),
    site: TicketSiteSchema.parse(row.site),
    alert: row.alert ? TicketAlertSchema.parse(row.alert) : null,
  };
}

/** A ticket as the provider's support staff list it: with its organization and comment. */
export function presentSupportTicket(row: SupportTicketRow): SupportTicket {
  return {
    ...presentSummary(row),
    organization: { id: row.organization_id, name: row.organization_name },
    comment: row.comment,
  };
}

export function presentTicketNote(row: TicketNoteRow): TicketNote {
  return { id: row.id, kind: 'alertCleared', at: iso(row.at) ?? '' };
}

export function presentTicketMessage(row: TicketMessageRow): TicketMessage {
  return {
    id: row.id,
    side: row.side,
    author: {
      id: row.author_id,
      name: row.author_name,
      support: row.support_id && row.support_name ? { id: row.support_id, name: row.support_name } : null,
    },
    body: row.body,
    createdAt: iso(row.created_at) ?? '',
  };
}
