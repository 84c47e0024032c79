import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const reportsRoutes: RouteObject[] = [
  { path: '/sales-report', lazy: lazyPage(() => import('./sales-report-page')) },
];
