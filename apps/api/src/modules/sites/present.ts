import type { Address, RecentSite, Site, SiteSummary } from '@vnoc/contracts';
import { iso } from '../../http/iso.ts';
import type { SiteRow, SiteSummaryRow } from './repository.ts';

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
