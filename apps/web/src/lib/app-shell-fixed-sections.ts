/**
 * What Mantine's AppShell header, navbar, aside and footer draw to let a person resize them, given to them instead
 * of Mantine's handle (with its drag, keyboard and clamping code, ~1.5 KB gzipped) by vite.config.ts
 * (`appShellResizeHandle`): the console's one AppShell (the signed-in frame) sets no `resizable`, so no section
 * draws a handle. A section made resizable would reach this and stop, saying why, rather than draw no handle.
 */
export function AppShellResizeHandle(_props: { section: string; sectionId: string }): never {
  throw new Error(
    'AppShell: a resizable section needs Mantine’s resize handle; vite.config.ts replaces it (appShellResizeHandle)',
  );
}
