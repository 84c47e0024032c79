import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const salesRoutes: RouteObject[] = [
  { path: '/sales-history', lazy: lazyPage(() => import('./sales-history-page')) },
  { path: '/sales-history/:id', lazy: lazyPage(() => import('./sale-details-page')) },
  { path: '/sales-details/:id', lazy: lazyPage(() => import('./sale-details-page')) },
];
