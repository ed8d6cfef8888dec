/**
 * The simulator's deterministic randomness, in one place: the seeded PRNG (also behind the demo
 * fleet), the hash behind per-minute WAN noise, and the per-run PRNG of diagnostic answers (seeded
 * by seed, device, action and time, so a WAN test agrees with the device's chart).
 */

export type Rng = () => number;

/** A 32-bit integer hash finaliser (the "lowbias32" family). */
export function mix(h: number): number {
  let x = h;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** FNV-1a of a string. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Uniform in [0, 1), fixed by its inputs (per-device, per-minute noise). */
export function noise(seed: number, key: number, minute: number, salt: number): number {
  return mix(mix(mix(mix(seed) ^ key) ^ minute) ^ salt) / 4294967296;
}

/** mulberry32: a tiny seeded PRNG. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The PRNG of one run: same seed, device, action and time → the same draws. */
export function runRng(seed: number, deviceId: string, action: string, nowMs: number): Rng {
  const lo = nowMs % 4294967296;
  const hi = Math.floor(nowMs / 4294967296);
  return mulberry32(mix(mix(mix(mix(seed) ^ hashString(deviceId)) ^ hashString(action)) ^ lo) ^ hi);
}

/** Uniform in [min, max). */
export const uniform = (rng: Rng, min: number, max: number) => min + (max - min) * rng();
/** An integer in [min, max]. */
export const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
export const round1 = (x: number) => Math.round(x * 10) / 10;
export const round2 = (x: number) => Math.round(x * 100) / 100;
