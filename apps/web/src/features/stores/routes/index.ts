import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

const allStores = lazyPage(() => import('./all-stores-page'));
const addStore = lazyPage(() => import('./add-store-page'));

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const storesRoutes: RouteObject[] = [
  { path: paths.AllStores, lazy: allStores },
  { path: '/settings/all-stores', lazy: allStores },
  { path: paths.AddStore, lazy: addStore },
  { path: '/settings/add-store', lazy: addStore },
];
