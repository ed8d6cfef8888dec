export * from './auth.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './outbox.ts';
export * from './password-policy.ts';
export * from './user.ts';
