/**
 * The map tile server, from VITE_TILE_URL at build time (e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png).
 * None by default: maps then draw their markers on a plain background, so they work offline.
 */
export const tileUrl: string | null = (import.meta.env.VITE_TILE_URL as string | undefined)?.trim() || null;

export const tileAttribution: string =
  (import.meta.env.VITE_TILE_ATTRIBUTION as string | undefined)?.trim() ||
  '&copy; OpenStreetMap contributors';

/** After this many failed tiles a map drops its tile layer and keeps the plain background. */
export const TILE_ERROR_LIMIT = 4;
