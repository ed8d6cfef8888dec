/** The fleet simulator: pure, deterministic pieces the server's gateway driver wires up. */
export * from './backfill.ts';
export * from './engine.ts';
export * from './intervals.ts';
export * from './transitions.ts';
export * from './usage.ts';
