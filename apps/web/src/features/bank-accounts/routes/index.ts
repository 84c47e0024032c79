import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** /add-account (admin, spec 000 §2.3): the business's bank accounts. */
export const bankAccountsRoutes: RouteObject[] = [
  { path: paths.AddAccount, lazy: lazyPage(() => import('./add-account-page')) },
];
