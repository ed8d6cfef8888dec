import { type Address, ErrorIds } from '@vnoc/contracts';
import { AppError } from '../errors.ts';
import { US_STATES } from './us-places.ts';

export type Coordinates = { lat: number; lng: number };
export type GeocodeHit = Coordinates & { displayName: string };

export type AddressVerification = {
  verified: boolean;
  /** The input normalized, completed from the matched place when verified. */
  address: Address;
  coordinates: Coordinates | null;
  suggestions: Address[];
};

/** Turns addresses into places: the offline gazetteer, or a Nominatim-compatible service. */
export interface Geocoder {
  /** Where the address is, or null when no place matches. */
  geocode(address: Address): Promise<GeocodeHit | null>;
  verify(address: Address): Promise<AddressVerification>;
}

export const GEOCODER_UNAVAILABLE = 'The address service is unavailable. Please try again later.';

/** The external address service failed, timed out or answered nonsense. */
export const geocoderUnavailable = () =>
  new AppError(503, ErrorIds.geocoderUnavailable, GEOCODER_UNAVAILABLE);

const US_COUNTRY = /^(us|usa|u\.s\.a?\.?|united states( of america)?)$/i;
const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));

/** Trimmed with inner runs of spaces collapsed; empty → null. */
export function squash(value: string | null | undefined): string | null {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
}

export const isUs = (country: string) => US_COUNTRY.test(country.trim());

/** "tx", "T.X.", "texas" → "TX"; anything else is kept, trimmed. */
export function normalizeState(value: string | null): string | null {
  const text = squash(value);
  if (!text) return null;
  const code = text.replaceAll('.', '').toUpperCase();
  if (/^[A-Z]{2}$/.test(code)) return code;
  return STATE_BY_NAME.get(text.toLowerCase()) ?? text;
}

/** ZIP or ZIP+4 → the 5-digit ZIP; anything else is kept, trimmed. */
export function normalizeZip(value: string | null): string | null {
  const text = squash(value);
  if (!text) return null;
  return /^(\d{5})(?:[- ]?\d{4})?$/.exec(text)?.[1] ?? text;
}

/** Spaces trimmed and collapsed everywhere; for US addresses a 2-letter state, a 5-digit ZIP and country "US". */
export function normalizeAddress(address: Address): Address {
  const country = squash(address.country) ?? 'US';
  const us = isUs(country);
  return {
    street: squash(address.street),
    city: squash(address.city),
    state: us ? normalizeState(address.state) : squash(address.state),
    zip: us ? normalizeZip(address.zip) : squash(address.zip),
    country: us ? 'US' : country,
  };
}
