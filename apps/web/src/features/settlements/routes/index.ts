import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** Settlement preference (admin; spec 000 §2.2 settlement-preference): where payouts go. */
export const settlementsRoutes: RouteObject[] = [
  { path: paths.SettlementAccount, lazy: lazyPage(() => import('./settlement-page')) },
  { path: paths.SettlementPinManagement, lazy: lazyPage(() => import('./pin-management-page')) },
  { path: paths.AddSettlementPreference, lazy: lazyPage(() => import('./add-settlement-page')) },
  {
    path: paths.BusinessSettlement,
    lazy: lazyPage(() =>
      import('./settlement-type-page').then((m) => ({ default: m.BusinessSettlementPage })),
    ),
  },
  {
    path: paths.StoreSettlement,
    lazy: lazyPage(() => import('./settlement-type-page').then((m) => ({ default: m.StoreSettlementPage }))),
  },
  { path: paths.SettlementConfirmPassword, lazy: lazyPage(() => import('./confirm-password-page')) },
  { path: paths.SettlementConfirmPin, lazy: lazyPage(() => import('./confirm-pin-page')) },
];
