import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const customersRoutes: RouteObject[] = [
  { path: paths.Customers, lazy: lazyPage(() => import('./customers-page')) },
  { path: '/add-customer', lazy: lazyPage(() => import('./add-customer-page')) },
  { path: '/customer-details', lazy: lazyPage(() => import('./customer-details-page')) },
];
