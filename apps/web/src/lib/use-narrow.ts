import { useMediaQuery } from '@mantine/hooks';

/** A phone-wide screen: the app's modals take the whole screen there. */
export const useNarrow = (): boolean => useMediaQuery('(max-width: 36em)') ?? false;
