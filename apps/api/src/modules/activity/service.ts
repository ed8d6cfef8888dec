import { type ActivityEntry, type ActivityQuery, actorName, type Paged } from '@vnoc/contracts';
import type { AppContext } from '../../context.ts';
import { Errors } from '../../errors.ts';
import { type CsvColumn, csvStream } from '../../http/csv-export.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { presentPage } from '../../sql/paging.ts';
import { isUuid } from '../../sql/text.ts';
import { presentActivity } from './present.ts';
import * as repo from './repository.ts';

/** Rows the CSV export holds at most. */
export const ACTIVITY_EXPORT_LIMIT = 10_000;

function requireOwn(auth: AuthContext, id: string): string {
  if (!isUuid(id) || id.toLowerCase() !== auth.user.organizationId) throw Errors.notFound();
  return auth.user.organizationId;
}

const filtersOf = (query: ActivityQuery): repo.ActivityFilters => ({
  person: query.person || undefined,
  actions: query.action,
  from: query.from,
  to: query.to,
  impersonatedOnly: query.impersonated === 'true',
});

/** The organization's activity log, newest first, one page. */
export async function listActivity(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  query: ActivityQuery,
): Promise<Paged<ActivityEntry>> {
  const orgId = requireOwn(auth, id);
  const found = await repo.pageActivity(ctx.db, orgId, filtersOf(query), query.page, query.pageSize);
  return presentPage(found, query, presentActivity);
}

const personText = (p: ActivityEntry['actor']) => (p ? `${p.name} <${p.email}>` : '');

const CSV_COLUMNS: CsvColumn<ActivityEntry>[] = [
  { header: 'Time', value: (e) => e.at },
  { header: 'Action', value: (e) => e.action },
  { header: 'Person', value: (e) => personText(e.actor) },
  { header: 'Support person', value: (e) => personText(e.impersonator) },
  { header: 'API key', value: (e) => (e.apiKey ? actorName({ name: '', apiKey: e.apiKey }) : '') },
  { header: 'Target', value: (e) => e.target?.name },
  { header: 'IP address', value: (e) => e.ip },
  {
    header: 'Details',
    value: (e) => e.detail.map(({ key, value }) => `${key}: ${value}`).join('; '),
  },
];

/** The filtered log as CSV (English headers, raw action names, ISO 8601 UTC times), at most the limit. */
export async function exportActivity(ctx: AppContext, auth: AuthContext, id: string, query: ActivityQuery) {
  const orgId = requireOwn(auth, id);
  const rows = await repo.activityForExport(ctx.db, orgId, filtersOf(query), ACTIVITY_EXPORT_LIMIT);
  return csvStream(CSV_COLUMNS, rows.map(presentActivity), { bom: true });
}
