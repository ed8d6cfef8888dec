import type { UserPreference } from './user.ts';

// No schema here: the web's entry reads the stored user's preferences with it and imports no zod.

/** Spec part 3: list → map keyed by name, sorted by id ascending, first entry per name wins. */
export function preferencesToMap(list: readonly UserPreference[]): Record<string, UserPreference> {
  const map: Record<string, UserPreference> = {};
  for (const pref of [...list].sort((a, b) => a.id - b.id)) {
    if (!(pref.name in map)) map[pref.name] = pref;
  }
  return map;
}
