/**
 * Mantine's AppShell header imports react-remove-scroll (~4 kB gzipped) only to read the class
 * names that keep it clear of the scroll bar while a modal locks scrolling. vite.config.ts points
 * that import here; modals still load the real library, whose styles target these same names
 * (remove-scroll-class-names.test.ts checks they match).
 */
export const RemoveScroll = {
  classNames: { zeroRight: 'right-scroll-bar-position', fullWidth: 'width-before-scroll-bar' },
};
