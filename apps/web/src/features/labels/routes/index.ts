import type { RouteObject } from 'react-router';
import { lazyPage } from '@/app/lazy-page';
import { paths } from '@/app/route-paths';

const printLabel = lazyPage(() => import('./print-label-page'));

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const labelsRoutes: RouteObject[] = [
  { path: paths.PrintLabel, lazy: printLabel },
  { path: '/inventory/print-label', lazy: printLabel },
];
