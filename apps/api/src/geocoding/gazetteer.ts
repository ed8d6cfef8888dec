import { createHash } from 'node:crypto';
import type { Address } from '@vnoc/contracts';
import type { AddressVerification, Coordinates, Geocoder } from './geocoder.ts';
import { isUs, normalizeAddress } from './geocoder.ts';
import { US_PLACES, type UsPlace } from './us-places.ts';

/** Half-width in degrees of the box around a city centre that street offsets fall in (≈ ±3 km). */
const STREET_SPREAD = 0.03;
const MAX_SUGGESTIONS = 5;

/** A city name for comparison: case, dots, punctuation and spacing ignored; "Saint"/"Fort" as "st"/"fort". */
export function cityKey(city: string): string {
  return city
    .toLowerCase()
    .replaceAll('.', '')
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^saint /, 'st ')
    .replace(/^ft /, 'fort ');
}

/**
 * A point near the city centre derived from the street text alone, so sites in one city do not stack
 * and the same street always lands on the same point.
 */
export function streetOffset(center: Coordinates, street: string | null): Coordinates {
  const key = street
    ?.toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (!key) return { lat: center.lat, lng: center.lng };
  const digest = createHash('sha256').update(key).digest();
  const unit = (offset: number) => digest.readUInt32BE(offset) / 0x1_0000_0000 - 0.5;
  return {
    lat: Number((center.lat + unit(0) * 2 * STREET_SPREAD).toFixed(6)),
    lng: Number((center.lng + unit(4) * 2 * STREET_SPREAD).toFixed(6)),
  };
}

/** Levenshtein distance, for "nearby-named" suggestions. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** How close a place is to what was typed (lower is closer), or undefined when it is not a suggestion. */
function closeness(place: UsPlace, address: Address): number | undefined {
  const sameState = address.state !== null && place.state === address.state;
  const stateBonus = sameState ? -0.5 : 0;
  if (address.zip && place.zip === address.zip) return 0;
  if (address.city) {
    const typed = cityKey(address.city);
    const known = cityKey(place.city);
    if (typed === known) return 1 + stateBonus;
    const d = distance(typed, known);
    if (d <= Math.max(1, Math.floor(known.length / 4))) return 2 + d + stateBonus;
    if (typed.length >= 3 && (known.startsWith(typed) || typed.startsWith(known))) return 4 + stateBonus;
  }
  // Same 3-digit ZIP prefix: the same postal area.
  if (address.zip && /^\d{5}$/.test(address.zip) && place.zip.slice(0, 3) === address.zip.slice(0, 3))
    return 5 + stateBonus;
  return undefined;
}

const placeAddress = (place: UsPlace, street: string | null): Address => ({
  street,
  city: place.city,
  state: place.state,
  zip: place.zip,
  country: 'US',
});

/** "12 Main St, Austin, TX 78701, United States". */
function displayName(address: Address): string {
  const stateZip = [address.state, address.zip].filter(Boolean).join(' ');
  return [address.street, address.city, stateZip, 'United States'].filter(Boolean).join(', ');
}

/**
 * The offline geocoder: a built-in table of US places, resolved by exact ZIP, else by city and state
 * (case and spacing ignored), with a street-level offset derived from the street text.
 */
export function createGazetteer(places: readonly UsPlace[] = US_PLACES): Geocoder {
  const byZip = new Map<string, UsPlace>();
  const byCityState = new Map<string, UsPlace>();
  for (const place of places) {
    if (!byZip.has(place.zip)) byZip.set(place.zip, place);
    byCityState.set(`${cityKey(place.city)}|${place.state}`, place);
  }

  const matches = (place: UsPlace, address: Address) =>
    (!address.city || cityKey(address.city) === cityKey(place.city)) &&
    (!address.state || address.state === place.state);

  function resolve(address: Address): UsPlace | undefined {
    if (!isUs(address.country)) return undefined;
    const zipPlace = address.zip ? byZip.get(address.zip) : undefined;
    // A known ZIP that contradicts the typed city or state is not a match: the caller is offered both.
    if (zipPlace) return matches(zipPlace, address) ? zipPlace : undefined;
    if (address.city && address.state) return byCityState.get(`${cityKey(address.city)}|${address.state}`);
    return undefined;
  }

  function suggest(address: Address): Address[] {
    if (!isUs(address.country)) return [];
    return places
      .map((place) => ({ place, score: closeness(place, address) }))
      .filter((c): c is { place: UsPlace; score: number } => c.score !== undefined)
      .sort((a, b) => a.score - b.score || a.place.city.localeCompare(b.place.city))
      .slice(0, MAX_SUGGESTIONS)
      .map(({ place }) => placeAddress(place, address.street));
  }

  function verifySync(input: Address): AddressVerification {
    const address = normalizeAddress(input);
    const place = resolve(address);
    if (!place) return { verified: false, address, coordinates: null, suggestions: suggest(address) };
    return {
      verified: true,
      // The typed ZIP is kept when it is a valid one the table does not hold (a city has many).
      address: {
        ...address,
        city: place.city,
        state: place.state,
        zip: address.zip && /^\d{5}$/.test(address.zip) ? address.zip : place.zip,
      },
      coordinates: streetOffset(place, address.street),
      suggestions: [],
    };
  }

  return {
    async verify(address) {
      return verifySync(address);
    },
    async geocode(address) {
      const result = verifySync(address);
      if (!result.coordinates) return null;
      return { ...result.coordinates, displayName: displayName(result.address) };
    },
  };
}
