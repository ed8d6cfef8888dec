/**
 * The reports' CSV: every row of a report in its order, as the fields of its file; PostgreSQL writes the file
 * from this one statement (csv-export's copyCsv).
 */
import type { ReportId } from '@vnoc/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { inertSql } from '../../../http/csv-export.ts';
import type { Scope } from '../../../sql/scope.ts';
import { dayRowsQuery } from './device-days.ts';
import type { ReportFilter, Sort } from './rollups.ts';
import { slaRowsQuery } from './sla.ts';

/** A column of the rows query as a text field, inert when people or devices typed it (csv-export's inertSql). */
const field = (column: string, typed = false) => {
  const value = sql`x.${sql.identifier(column)}::text`;
  return sql`${typed ? inertSql(sql`nullif(${value}, '')`) : value} as ${sql.identifier(column)}`;
};
/** A float8 column as the API's JSON writes it (shortest round-trip digits, as PostgreSQL's float8 text is). */
const figure = (column: string) =>
  sql`x.${sql.identifier(column)}::float8::text as ${sql.identifier(column)}`;
/** A whole number kept as float8 by the rows query (bytes), written without an exponent. */
const whole = (column: string) => sql`x.${sql.identifier(column)}::bigint::text as ${sql.identifier(column)}`;

/** The site's name and address, typed by people: made inert. */
const SITE_FIELDS = [
  field('siteName', true),
  field('address', true),
  field('city', true),
  field('state', true),
  field('zip', true),
  field('country', true),
];

/**
 * The fields of each report's CSV, in spec part 3's order and with its names, valued as the API answers them
 * (bytes, seconds, percentages as JSON numbers; times as ISO 8601 UTC with milliseconds; null as empty).
 */
const CSV_FIELDS: Record<ReportId, SQL[]> = {
  'cellular-billing': [
    field('macAddress', true),
    field('manufacturer', true),
    field('model', true),
    whole('usage_backup'),
    field('date'),
    sql`to_char(x."lastUpdated" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastUpdated"`,
    ...SITE_FIELDS,
  ],
  'online-analytics': [
    field('macAddress', true),
    field('manufacturer', true),
    field('model', true),
    field('date'),
    ...SITE_FIELDS,
    figure('percentOffline'),
    field('secondsOffline'),
    field('offlineEvents'),
    figure('percentOnBackup'),
    field('secondsOnBackup'),
    field('backupEvents'),
    figure('percentOnPrimary'),
    field('secondsOnPrimary'),
    figure('percentOnline'),
    field('secondsOnline'),
    whole('wanBytesReceived'),
    whole('wanBytesTransmitted'),
  ],
  sla: [
    ...SITE_FIELDS,
    field('devices'),
    figure('availability'),
    figure('target'),
    figure('percentOnPrimary'),
    figure('percentOnBackup'),
    figure('percentDown'),
    figure('secondsObserved'),
    figure('secondsOnPrimary'),
    figure('secondsOnBackup'),
    figure('secondsDown'),
    field('downEvents'),
    field('backupEvents'),
    sql`case when x.met then 'yes' else 'no' end as met`,
  ],
};

/** Every row of a report in its order (at most `limit`), as the fields of its CSV. */
export function csvQuery(
  report: ReportId,
  scope: Scope,
  f: ReportFilter,
  sort: Sort,
  target: number,
  limit?: number,
): SQL {
  const rows = report === 'sla' ? slaRowsQuery(scope, f, sort, target) : dayRowsQuery(report, scope, f, sort);
  return sql`select ${sql.join(CSV_FIELDS[report], sql`, `)}
    from (${rows}) x ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
}
