import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';

/**
 * What Mantine's AppShell header, footer and aside read of react-remove-scroll: the class names that keep a fixed
 * bar from shifting while a dialog locks the page's scroll. Given to them instead of the whole library by
 * vite.config.ts (`appShellScrollClasses`), so the signed-in frame loads it only with its first dialog, whose
 * ModalBase imports the real one (the same names, from the same constants).
 */
export const RemoveScroll = {
  classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName },
} as const;
