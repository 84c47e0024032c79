import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { posPaths } from '../lib/paths';
import { tillScreens } from './till-screens';

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const posRoutes: RouteObject[] = [
  { path: posPaths.pos, lazy: lazyPage(tillScreens.pos) },
  { path: posPaths.payment, lazy: lazyPage(tillScreens.payment) },
  { path: posPaths.dashboard, lazy: lazyPage(tillScreens.dashboard) },
];
