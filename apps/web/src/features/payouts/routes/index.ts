import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** Payouts to the business's bank account (spec 000 "payments: payouts, payout-details/{payoutId}"). */
export const payoutsRoutes: RouteObject[] = [
  { path: paths.Payouts, lazy: lazyPage(() => import('./payouts-page')) },
  { path: paths.PayoutDetails, lazy: lazyPage(() => import('./payout-details-page')) },
];
