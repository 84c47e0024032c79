import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

const companyInfo = lazyPage(() => import('./company-info-page'));

/** Routes of this feature; app/router.tsx puts them among the admin-only routes. */
export const businessRoutes: RouteObject[] = [
  { path: paths.CompanyInfo, lazy: companyInfo },
  { path: '/settings/company-info-disabled', lazy: companyInfo },
];
