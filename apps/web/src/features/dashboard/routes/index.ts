import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const dashboardRoutes: RouteObject[] = [
  { path: paths.Dashboard, lazy: lazyPage(() => import('./dashboard-page')) },
];
