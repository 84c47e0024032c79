import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const loyaltyRoutes: RouteObject[] = [
  { path: paths.CustomerLoyalty, lazy: lazyPage(() => import('./customer-loyalty-page')) },
];
