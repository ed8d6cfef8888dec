import type { Feedback } from '@vnoc/contracts';
import type { FeedbackRow } from './repository.ts';

export function presentFeedback(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    message: row.message,
    page: row.page,
    createdAt: new Date(row.created_at).toISOString(),
    person:
      row.user_id && row.username
        ? { id: row.user_id, name: row.person_name ?? row.username, email: row.username }
        : null,
    organization: { id: row.organization_id, name: row.organization_name },
  };
}
