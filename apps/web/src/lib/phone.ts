import { em, getBreakpointValue, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * True below Mantine's `sm` breakpoint, at the very width where the frame's AppShell folds its menu away behind the
 * burger (Mantine's own query: the breakpoint less 0.1 px). Read as the component first renders, not in an effect
 * after it: a first draw on the wrong side would be drawn again at once.
 */
export function usePhoneWidth(): boolean {
  const theme = useMantineTheme();
  const query = `(max-width: ${em(getBreakpointValue('sm', theme.breakpoints) - 0.1)})`;
  return useMediaQuery(query, false, { getInitialValueInEffect: false });
}
