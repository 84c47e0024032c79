import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** /payments: money received by bank transfer (spec 000 "payments: default"). */
export const bankTransactionsRoutes: RouteObject[] = [
  { path: paths.Payments, lazy: lazyPage(() => import('./payments-page')) },
];
