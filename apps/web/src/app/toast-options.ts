/** Where toasts show and how many at once (the rest wait in Mantine's queue). */
export const TOAST_POSITION = 'top-right';
export const TOAST_LIMIT = 3;
