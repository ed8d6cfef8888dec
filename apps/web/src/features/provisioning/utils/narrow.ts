import { useMediaQuery } from '@mantine/hooks';

/** A phone-wide screen: the modals take the whole screen there (as the site editor's does). */
export const useNarrow = (): boolean => useMediaQuery('(max-width: 36em)') ?? false;
