import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../plugins/config.ts';
import { createGazetteer } from './gazetteer.ts';
import type { Geocoder } from './geocoder.ts';
import { createNominatimGeocoder } from './nominatim.ts';

export type { AddressVerification, GeocodeHit, Geocoder } from './geocoder.ts';

/** A Nominatim-compatible service when GEOCODER_URL is set, the offline gazetteer otherwise. */
export function createGeocoder(
  config: Pick<Config, 'geocoderUrl' | 'geocoderUserAgent'>,
  log?: FastifyBaseLogger,
): Geocoder {
  if (!config.geocoderUrl) return createGazetteer();
  return createNominatimGeocoder({ url: config.geocoderUrl, userAgent: config.geocoderUserAgent, log });
}
