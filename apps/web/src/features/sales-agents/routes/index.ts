import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** Routes of this feature; app/router.tsx puts them among the admin-only routes (spec: sales-agent (admin)). */
export const salesAgentsRoutes: RouteObject[] = [
  { path: paths.SalesAgent, lazy: lazyPage(() => import('./sales-agent-page')) },
];
