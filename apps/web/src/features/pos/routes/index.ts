import type { RouteObject } from 'react-router';
import { lazyPage } from '@/app/lazy-page';
import { posPaths } from '../lib/paths';

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const posRoutes: RouteObject[] = [
  { path: posPaths.pos, lazy: lazyPage(() => import('./pos-page')) },
  { path: posPaths.payment, lazy: lazyPage(() => import('./pos-payment-page')) },
  { path: posPaths.dashboard, lazy: lazyPage(() => import('./pos-dashboard-page')) },
];
