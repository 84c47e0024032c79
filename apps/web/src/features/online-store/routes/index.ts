import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** The online store's catalogue and settings (signed in); the orders are features/orders. */
export const onlineStoreRoutes: RouteObject[] = [
  { path: paths.OnlineCatalogue, lazy: lazyPage(() => import('./online-catalogue-page')) },
];
