import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  clusterIndex,
  clusterSize,
  clustersAt,
  filterPoints,
  MAP_STATUS_FILTERS,
  type MapPoint,
  toMapPoints,
} from './map-clusters.ts';

const site = (id: string, status: string, coordinates: { lat: number; lng: number } | null) => ({
  id,
  name: `Site ${id}`,
  status,
  coordinates,
});

describe('toMapPoints', () => {
  it.each([
    ['with coordinates', [site('a', 'online', { lat: 40, lng: -74 })], ['a']],
    ['without coordinates left out', [site('a', 'online', null)], []],
    ['latitude beyond ±90 left out', [site('a', 'online', { lat: 91, lng: 0 })], []],
    ['longitude beyond ±180 left out', [site('a', 'online', { lat: 0, lng: -181 })], []],
    ['NaN left out', [site('a', 'online', { lat: Number.NaN, lng: 0 })], []],
    ['the edges kept', [site('a', 'online', { lat: -90, lng: 180 })], ['a']],
    [
      'a duplicate id keeps its first row',
      [site('a', 'online', { lat: 1, lng: 1 }), site('a', 'offline', { lat: 2, lng: 2 })],
      ['a'],
    ],
  ])('%s', (_name, rows, ids) => {
    expect(toMapPoints(rows, () => 'green').map((p) => p.id)).toEqual(ids);
  });

  it('carries name, status and the colour of each row', () => {
    const [point] = toMapPoints([site('a', 'offline', { lat: 40, lng: -74 })], (row) =>
      row.status === 'offline' ? 'red' : 'green',
    );
    expect(point).toEqual({ id: 'a', lat: 40, lng: -74, color: 'red', label: 'Site a', status: 'offline' });
  });
});

const points: MapPoint[] = ['online', 'offline', 'onbackup', 'pending', 'uninstalled', 'online'].map(
  (status, i) => ({ id: String(i), lat: i, lng: i, color: 'gray', label: String(i), status }),
);

// Spec part 2: "Site map status choices: none, uninstalled, onbackup, online, offline, pending."
describe('filterPoints', () => {
  it('offers exactly the spec choices, in order', () => {
    expect(MAP_STATUS_FILTERS).toEqual(['none', 'uninstalled', 'onbackup', 'online', 'offline', 'pending']);
  });

  it.each([
    ['none', 6],
    ['online', 2],
    ['offline', 1],
    ['onbackup', 1],
    ['pending', 1],
    ['uninstalled', 1],
  ] as const)('%s → %i points', (filter, count) => {
    const shown = filterPoints(points, filter);
    expect(shown).toHaveLength(count);
    if (filter !== 'none') expect(shown.every((p) => p.status === filter)).toBe(true);
  });
});

describe('boundsOf', () => {
  it.each([
    ['no points', [], null],
    [
      'one point',
      [{ lat: 10, lng: 20 }],
      [
        [10, 20],
        [10, 20],
      ],
    ],
    [
      'several points',
      [
        { lat: 10, lng: -20 },
        { lat: -5, lng: 30 },
        { lat: 40, lng: 0 },
      ],
      [
        [-5, -20],
        [40, 30],
      ],
    ],
  ])('%s', (_name, input, bounds) => {
    expect(boundsOf(input)).toEqual(bounds);
  });
});

describe('clustering', () => {
  const near: MapPoint[] = [
    { id: 'a', lat: 40.0, lng: -74.0, color: 'green', label: 'a', status: 'online' },
    { id: 'b', lat: 40.001, lng: -74.001, color: 'red', label: 'b', status: 'offline' },
    { id: 'c', lat: 34, lng: -118, color: 'green', label: 'c', status: 'online' },
  ];
  const world: [number, number, number, number] = [-180, -85, 180, 85];

  it('joins nearby points into one bubble with their count when zoomed out', () => {
    const items = clustersAt(clusterIndex(near), world, 3);
    const cluster = items.find((item) => item.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', count: 2 });
    expect(
      items.filter((item) => item.kind === 'point').map((item) => item.kind === 'point' && item.point.id),
    ).toEqual(['c']);
  });

  it('colours a bubble by the worst status inside it, so an outage shows zoomed out', () => {
    const cluster = clustersAt(clusterIndex(near), world, 3).find((item) => item.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', count: 2, status: 'offline', color: 'red' });
  });

  it.each([
    [['online', 'onbackup'], 'onbackup'],
    [['pending', 'online'], 'pending'],
    [['uninstalled', 'rebooting', 'onbackup'], 'rebooting'],
    [['online', 'online'], 'online'],
    [['unknown', 'online'], 'online'],
  ])('%j → %s', (statuses, worst) => {
    const points: MapPoint[] = statuses.map((status, i) => ({
      id: `p${i}`,
      lat: 40 + i * 0.0001,
      lng: -74,
      color: status,
      label: status,
      status,
    }));
    const cluster = clustersAt(clusterIndex(points), world, 3).find((item) => item.kind === 'cluster');
    expect(cluster).toMatchObject({ status: worst, color: worst });
  });

  it('keeps the worst status as bubbles merge at lower zooms', () => {
    const spread: MapPoint[] = [
      ...near,
      { id: 'd', lat: 40.3, lng: -74.3, color: 'yellow', label: 'd', status: 'onbackup' },
    ];
    const index = clusterIndex(spread);
    for (const zoom of [0, 2, 4, 6])
      for (const item of clustersAt(index, world, zoom))
        if (item.kind === 'cluster' && item.count >= 3) expect(item.status).toBe('offline');
  });

  it('shows every point alone when zoomed in far enough', () => {
    const items = clustersAt(clusterIndex(near), world, 17);
    expect(items.every((item) => item.kind === 'point')).toBe(true);
    expect(items).toHaveLength(3);
  });

  it.each([
    [1, 30],
    [2, 34],
    [10, 42],
    [100, 54],
    [100_000, 56],
  ])('a bubble of %i is %i px', (count, size) => {
    expect(clusterSize(count)).toBe(size);
  });
});
