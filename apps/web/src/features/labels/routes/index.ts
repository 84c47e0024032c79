import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

const printLabel = lazyPage(() => import('./print-label-page'));

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const labelsRoutes: RouteObject[] = [
  { path: paths.PrintLabel, lazy: printLabel },
  { path: '/inventory/print-label', lazy: printLabel },
];
