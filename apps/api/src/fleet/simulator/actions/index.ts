/** The simulator's answers to the troubleshooting actions (issue 4): pure and deterministic. */
export * from './device.ts';
export * from './network.ts';
export * from './run.ts';
export * from './system.ts';
export * from './validate.ts';
