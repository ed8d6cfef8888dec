/** The fleet gateway: the simulator driver wired to the database. */

export * from './actions.ts';
export * from './daily.ts';
export * from './gateway.ts';
export * from './history.ts';
