import type { Address, RecentSite, Site, SiteSummary } from '@vnoc/contracts';
import type { SiteRow, SiteSummaryRow } from './repository.ts';

/** PostgreSQL's text of a UTC timestamptz: `2026-11-23 19:01:02.123456+00` (fraction optional). */
const PG_UTC = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamp in ISO 8601 (UTC, milliseconds). PostgreSQL's UTC text is rewritten without a Date (a page
 * of 50 alerts holds 150 of them, and parsing that format is slow); anything else goes through Date.
 */
export const iso = (value: Date | string | null | undefined): string | null => {
  if (value == null) return null;
  const utc = typeof value === 'string' ? PG_UTC.exec(value) : null;
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  return new Date(value).toISOString();
};

function address(row: Pick<SiteSummaryRow, 'street' | 'city' | 'state' | 'zip' | 'country'>): Address {
  return { street: row.street, city: row.city, state: row.state, zip: row.zip, country: row.country };
}

function coordinates(row: Pick<SiteSummaryRow, 'latitude' | 'longitude'>) {
  return row.latitude == null || row.longitude == null ? null : { lat: row.latitude, lng: row.longitude };
}

/** What a site's summary and its full record say alike: who it is, where it is. */
function identity(row: SiteSummaryRow | SiteRow) {
  return {
    id: row.id,
    name: row.name,
    alias: row.alias,
    backOfficeAccountId: row.back_office_account_id,
    accountHolders: row.account_holders,
    address: address(row),
  };
}

export function presentSiteSummary(row: SiteSummaryRow): SiteSummary {
  return {
    ...identity(row),
    coordinates: coordinates(row),
    status: row.status,
    deviceCount: row.device_count,
    favorite: row.favorite,
    lastVisited: iso(row.last_visited),
  };
}

export function presentRecentSite(row: SiteSummaryRow): RecentSite {
  const summary = presentSiteSummary(row);
  return { ...summary, usa: { lastVisited: summary.lastVisited ?? '' } };
}

export function presentSite(row: SiteRow): Site {
  return {
    ...identity(row),
    verifiedAddress: row.verified_address,
    coordinates: coordinates(row),
    contacts: row.contacts,
    // Spec part 3: the site's device ids are kept sorted.
    devices: [...row.devices].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    favorite: row.favorite,
    lastVisited: iso(row.last_visited),
  };
}
