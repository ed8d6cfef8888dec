import type { Address } from '@vnoc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  type AddressVerification,
  type Geocoder,
  geocoderUnavailable,
  normalizeAddress,
  normalizeState,
  normalizeZip,
  squash,
} from './geocoder.ts';

export type NominatimOptions = {
  /** Base URL of a Nominatim-compatible service; `search` is resolved against it. */
  url: string;
  /** Sent on every request: Nominatim's usage policy asks for an identifying User-Agent. */
  userAgent: string;
  timeoutMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

const DEFAULT_TIMEOUT_MS = 5_000;

/** The parts of a `format=jsonv2&addressdetails=1` result used here; the rest is ignored. */
const ResultSchema = z.object({
  lat: z.coerce.number().refine(Number.isFinite),
  lon: z.coerce.number().refine(Number.isFinite),
  display_name: z.string(),
  address: z.record(z.string(), z.unknown()).optional(),
});
type NominatimResult = z.infer<typeof ResultSchema>;
const ResultsSchema = z.array(ResultSchema);

const text = (value: unknown): string | null => (typeof value === 'string' ? squash(value) : null);

/** A result's address details as an Address; missing parts fall back to what was typed. */
function toAddress(result: NominatimResult, typed: Address): Address {
  const details = result.address ?? {};
  const houseNumber = text(details.house_number);
  const road = text(details.road);
  const countryCode = text(details.country_code)?.toUpperCase() ?? null;
  const us = countryCode === 'US';
  // "ISO3166-2-lvl4": "US-TX" is the reliable 2-letter state for US results.
  const iso = text(details['ISO3166-2-lvl4']);
  const isoState = us && iso?.startsWith('US-') ? iso.slice(3) : null;
  const state = isoState ?? (us ? normalizeState(text(details.state)) : text(details.state));
  const postcode = text(details.postcode);
  return {
    street: houseNumber && road ? `${houseNumber} ${road}` : (road ?? typed.street),
    city:
      text(details.city) ??
      text(details.town) ??
      text(details.village) ??
      text(details.hamlet) ??
      text(details.municipality) ??
      typed.city,
    state: state ?? typed.state,
    zip: (us ? normalizeZip(postcode) : postcode) ?? typed.zip,
    country: countryCode ?? typed.country,
  };
}

const sameAddress = (a: Address, b: Address) =>
  a.street === b.street &&
  a.city === b.city &&
  a.state === b.state &&
  a.zip === b.zip &&
  a.country === b.country;

/** A Nominatim-compatible service (GEOCODER_URL): structured search, 5 results at most. */
export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const base = options.url.endsWith('/') ? options.url : `${options.url}/`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function search(address: Address): Promise<NominatimResult[]> {
    const url = new URL('search', base);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('addressdetails', '1');
    url.searchParams.set('limit', '5');
    const fields = {
      street: address.street,
      city: address.city,
      state: address.state,
      postalcode: address.zip,
      country: address.country,
    };
    for (const [name, value] of Object.entries(fields)) if (value) url.searchParams.set(name, value);
    try {
      const response = await fetch(url, {
        headers: { 'user-agent': options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`geocoder answered ${response.status}`);
      }
      return ResultsSchema.parse(await response.json());
    } catch (err) {
      options.log?.warn({ err, host: url.host }, 'geocoder request failed');
      throw geocoderUnavailable();
    }
  }

  return {
    async geocode(input) {
      const [top] = await search(normalizeAddress(input));
      return top ? { lat: top.lat, lng: top.lon, displayName: top.display_name } : null;
    },

    async verify(input): Promise<AddressVerification> {
      const typed = normalizeAddress(input);
      const results = await search(typed);
      const [top, ...rest] = results;
      if (!top) return { verified: false, address: typed, coordinates: null, suggestions: [] };
      // Structured search matches what it can; a typed street counts only if the top result has a road.
      const verified = !typed.street || Boolean(text(top.address?.road));
      const address = toAddress(top, typed);
      const suggestions: Address[] = [];
      for (const result of verified ? rest : results) {
        const candidate = toAddress(result, typed);
        if (verified && sameAddress(candidate, address)) continue;
        if (!suggestions.some((s) => sameAddress(s, candidate))) suggestions.push(candidate);
      }
      return {
        verified,
        address: verified ? address : typed,
        coordinates: verified ? { lat: top.lat, lng: top.lon } : null,
        suggestions,
      };
    },
  };
}
