import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

const list = lazyPage(() => import('./categories-page'));
const enable = lazyPage(() => import('./category-enable-page'));
const detail = lazyPage(() => import('./category-detail-page'));

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const categoriesRoutes: RouteObject[] = [
  ...[
    paths.Categories,
    '/categories_v2',
    '/categories-list',
    '/productsinventory/categories',
    '/productsinventory/categories-list',
    '/inventory/categories',
    '/inventory/categories-list',
  ].map((path) => ({ path, lazy: list })),
  { path: '/add-categories', lazy: lazyPage(() => import('./add-category-page')) },
  { path: '/productsinventory/categoryenable', lazy: enable },
  { path: '/inventory/categoryenable', lazy: enable },
  { path: '/productsinventory/categories/:id', lazy: detail },
  { path: '/productsinventory/categories/:id/:sub_id', lazy: detail },
];
