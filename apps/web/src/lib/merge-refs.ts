import { useMergedRef } from '@mantine/hooks';
import type { Ref, RefCallback } from 'react';

/**
 * floating-ui's `useMergeRefs` (one callback ref for an array of refs, `null` when all are missing) on Mantine's
 * own `useMergedRef`: what Mantine's ScrollArea imports from floating-ui, given to it instead by vite.config.ts
 * (`scrollAreaRefs`), so a table or a scrolled list loads no floating-ui.
 */
export function useMergeRefs<T>(refs: readonly (Ref<T> | undefined)[]): RefCallback<T> | null {
  const merged = useMergedRef<T>(...refs);
  return refs.every((ref) => ref == null) ? null : merged;
}
