export * from './engine.ts';
export * from './history.ts';
export * from './rules.ts';
