import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** Routes of this feature; app/router.tsx puts them among the admin-only routes (spec: /payment-methods (admin)). */
export const paymentOptionsRoutes: RouteObject[] = [
  { path: paths.PaymentMethod, lazy: lazyPage(() => import('./payment-methods-page')) },
];
