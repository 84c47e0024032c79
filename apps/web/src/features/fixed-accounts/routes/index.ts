import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** /fixed-account: the stores' accounts for payments by bank transfer. */
export const fixedAccountsRoutes: RouteObject[] = [
  { path: paths.FixedAccount, lazy: lazyPage(() => import('./fixed-account-page')) },
];
