import { type CSSVariablesResolver, createTheme, Loader } from '@mantine/core';

/**
 * primaryShade 8 in both schemes: white text on a filled blue-8 button is 4.9:1 (blue-6, 3.5:1, fails
 * WCAG AA); links in dark mode keep Mantine's lighter anchor colour.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  components: {
    // Loaders say what is loading (aria-label); a span takes a name only with a role (axe aria-prohibited-attr).
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // A closed list is not in the page (Mantine keeps it mounted, hidden): each Select placed its hidden list with
    // floating-ui as it mounted, a forced style recalculation (~30–55 ms of the dashboard's first draw here).
    // A plain object, not `Combobox.extend`: importing Combobox here put it in the entry (+3.9 KB gzipped).
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

const PALETTE = [
  'dark',
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;

/**
 * Text of the `light` variant (status badges, light buttons) in light mode: Mantine's shade 6 on its pale
 * tint is about 3:1; shade 9 darkened by a third stays above 4.5:1 for every colour, yellow and orange too.
 */
const lightVariantText = Object.fromEntries(
  PALETTE.map((c) => [
    `--mantine-color-${c}-light-color`,
    `color-mix(in srgb, var(--mantine-color-${c}-9) 65%, black)`,
  ]),
);

/** Mantine's default dimmed grey is below 4.5:1 on white; use a darker grey in light mode. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', ...lightVariantText },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
