import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { markScreenDrawn } from '@/lib/after-first-paint';

/**
 * The root route's element: React Router renders it once the first screen's lazy route code has
 * loaded, in the same commit as that screen, so its effect tells afterFirstPaint the screen is drawn.
 */
export const FirstScreen = () => {
  useEffect(markScreenDrawn, []);
  return <Outlet />;
};
