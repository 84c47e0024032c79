import { createBrowserRouter, Navigate } from 'react-router';
import { accountsAdminRoutes, accountsGuestRoutes } from '@/features/accounts/routes';
import { bankAccountsRoutes } from '@/features/bank-accounts/routes';
import { bankTransactionsRoutes } from '@/features/bank-transactions/routes';
import { payoutsRoutes } from '@/features/payouts/routes';
import { settlementsRoutes } from '@/features/settlements/routes';
import { businessRoutes } from '@/features/business/routes';
import { categoriesRoutes } from '@/features/categories/routes';
import { customersRoutes } from '@/features/customers/routes';
import { dashboardRoutes } from '@/features/dashboard/routes';
import { fixedAccountsRoutes } from '@/features/fixed-accounts/routes';
import { inventoryRoutes } from '@/features/inventory/routes';
import { labelsRoutes } from '@/features/labels/routes';
import { loyaltyRoutes } from '@/features/loyalty/routes';
import { modifiersRoutes } from '@/features/modifiers/routes';
import { optionsRoutes } from '@/features/options/routes';
import { paymentOptionsRoutes } from '@/features/payment-options/routes';
import { posRoutes } from '@/features/pos/routes';
import { productUploadsRoutes } from '@/features/product-uploads/routes';
import { productsRoutes } from '@/features/products/routes';
import { registersRoutes } from '@/features/registers/routes';
import { salesRoutes } from '@/features/sales/routes';
import { salesAgentsRoutes } from '@/features/sales-agents/routes';
import { invoicesRoutes, publicInvoiceRoutes } from '@/features/invoices/routes';
import { onlineStoreRoutes } from '@/features/online-store/routes';
import { ordersRoutes } from '@/features/orders/routes';
import { reportsRoutes } from '@/features/reports/routes';
import { staffRoutes } from '@/features/staff/routes';
import { storesRoutes } from '@/features/stores/routes';
import { syncSettingsRoutes } from '@/features/sync-settings/routes';
import { tagsRoutes } from '@/features/tags/routes';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';
import { FirstScreen } from './first-screen';
import { AdminOnly } from './guards/admin-only';
import { HideForAuth, RequireAuth } from './guards/require-auth';
import { AppLoading } from './shell/app-loading';
import { RouteError } from './shell/route-error';

/**
 * Every route of the app. Feature pages load lazily so the first screen stays small. Made when first
 * needed (router-root.tsx): building it matches the routes and starts the current page's loading.
 */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      element: <FirstScreen />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <AppLoading />,
      children: [
        {
          element: <HideForAuth />,
          children: accountsGuestRoutes,
        },
        { path: paths.Components, lazy: lazyPage(() => import('./routes/components-gallery')) },
        // The client's page of an invoice: no login, no shell.
        ...publicInvoiceRoutes,
        {
          element: <RequireAuth />,
          children: [
            {
              // The shell loads after login, so the login page does not download it.
              lazy: lazyPage(() => import('./shell/routed-shell')),
              children: [
                { index: true, element: <Navigate to={paths.Dashboard} replace /> },
                ...dashboardRoutes,
                ...storesRoutes,
                { path: paths.AppSettings, lazy: lazyPage(() => import('./routes/settings-page')) },
                ...productsRoutes,
                ...categoriesRoutes,
                ...tagsRoutes,
                ...optionsRoutes,
                ...modifiersRoutes,
                ...inventoryRoutes,
                ...productUploadsRoutes,
                ...labelsRoutes,
                ...customersRoutes,
                ...loyaltyRoutes,
                ...registersRoutes,
                ...posRoutes,
                ...salesRoutes,
                ...reportsRoutes,
                ...syncSettingsRoutes,
                ...bankTransactionsRoutes,
                ...payoutsRoutes,
                ...fixedAccountsRoutes,
                ...invoicesRoutes,
                ...onlineStoreRoutes,
                ...ordersRoutes,
                {
                  element: <AdminOnly />,
                  children: [
                    ...paymentOptionsRoutes,
                    ...bankAccountsRoutes,
                    ...settlementsRoutes,
                    ...salesAgentsRoutes,
                    ...businessRoutes,
                    ...staffRoutes,
                    ...accountsAdminRoutes,
                  ],
                },
                { path: '*', lazy: lazyPage(() => import('./routes/not-found-page')) },
              ],
            },
          ],
        },
      ],
    },
  ]);
