import type { RouteObject } from 'react-router';

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const salesReportsRoutes: RouteObject[] = [];
