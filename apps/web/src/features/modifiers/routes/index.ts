import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

const page = lazyPage(() => import('./modifiers-page'));

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const modifiersRoutes: RouteObject[] = [
  { path: '/productsinventory/modifiers', lazy: page },
  { path: '/productsinventory/create-modifier', lazy: page },
];
