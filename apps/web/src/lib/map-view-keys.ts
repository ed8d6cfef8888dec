// The map views' query key, apart from their requests (map-view.ts): the live updates import it alone.

/** The queries of map views; under ['sites'], so a device's status change refreshes them. */
export const MAP_VIEW_KEY = ['sites', 'map', 'view'] as const;
