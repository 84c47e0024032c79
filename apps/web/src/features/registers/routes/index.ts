import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const registersRoutes: RouteObject[] = [
  { path: '/registers', lazy: lazyPage(() => import('./registers-page')) },
  { path: '/registers-details', lazy: lazyPage(() => import('./register-details-page')) },
];
