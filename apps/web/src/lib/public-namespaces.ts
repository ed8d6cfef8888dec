/**
 * The namespaces the public screens (sign-in, enrolment, invitation, maintenance) and the shell use. English ones
 * are bundled with the entry (`lib/i18n.ts`); each other language's are one small file of their own, fetched
 * before the first render when that language is the user's or when it is chosen (`vite.config.ts`).
 */
export const PUBLIC_NAMESPACES: readonly string[] = ['translation', 'auth', 'profile', 'adminUsers'];
