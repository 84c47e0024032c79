import { createBrowserRouter, Navigate } from 'react-router';
import { categoriesRoutes } from '@/features/categories/routes';
import { customersRoutes } from '@/features/customers/routes';
import { inventoryRoutes } from '@/features/inventory/routes';
import { labelsRoutes } from '@/features/labels/routes';
import { loyaltyRoutes } from '@/features/loyalty/routes';
import { modifiersRoutes } from '@/features/modifiers/routes';
import { optionsRoutes } from '@/features/options/routes';
import { paymentMethodsRoutes } from '@/features/payment-methods/routes';
import { posRoutes } from '@/features/pos/routes';
import { productUploadsRoutes } from '@/features/product-uploads/routes';
import { productsRoutes } from '@/features/products/routes';
import { registersRoutes } from '@/features/registers/routes';
import { salesHistoryRoutes } from '@/features/sales-history/routes';
import { salesReportsRoutes } from '@/features/sales-reports/routes';
import { syncSettingsRoutes } from '@/features/sync-settings/routes';
import { tagsRoutes } from '@/features/tags/routes';
import { AdminOnly } from './guards/admin-only';
import { HideForAuth, RequireAuth } from './guards/require-auth';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';
import { AppLoading } from './shell/app-loading';
import { RouteError } from './shell/route-error';

/** Every route of the app. Feature pages load lazily so the first screen stays small. */
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      {
        element: <HideForAuth />,
        children: [
          { path: paths.Login, lazy: lazyPage(() => import('@/features/accounts/routes/login-page')) },
          { path: paths.Signup, lazy: lazyPage(() => import('@/features/accounts/routes/signup-page')) },
          {
            path: paths.ForgotPassword,
            lazy: lazyPage(() => import('@/features/accounts/routes/forgot-password-page')),
          },
          {
            path: paths.PartnerSignup,
            lazy: lazyPage(() => import('@/features/accounts/routes/partner-signup-page')),
          },
          {
            path: paths.PartnerLogin,
            lazy: lazyPage(() => import('@/features/accounts/routes/partner-login-page')),
          },
        ],
      },
      { path: paths.Components, lazy: lazyPage(() => import('./routes/components-gallery')) },
      {
        element: <RequireAuth />,
        children: [
          {
            // The shell loads after login, so the login page does not download it.
            lazy: lazyPage(() => import('./shell/app-shell').then((m) => ({ default: m.AppShell }))),
            children: [
              { index: true, element: <Navigate to={paths.Dashboard} replace /> },
              {
                path: paths.Dashboard,
                lazy: lazyPage(() => import('@/features/dashboard/routes/dashboard-page')),
              },
              {
                path: paths.AllStores,
                lazy: lazyPage(() => import('@/features/stores/routes/all-stores-page')),
              },
              {
                path: '/settings/all-stores',
                lazy: lazyPage(() => import('@/features/stores/routes/all-stores-page')),
              },
              {
                path: paths.AddStore,
                lazy: lazyPage(() => import('@/features/stores/routes/add-store-page')),
              },
              {
                path: '/settings/add-store',
                lazy: lazyPage(() => import('@/features/stores/routes/add-store-page')),
              },
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
              ...salesHistoryRoutes,
              ...salesReportsRoutes,
              ...syncSettingsRoutes,
              {
                element: <AdminOnly />,
                children: [
                  ...paymentMethodsRoutes,
                  {
                    path: paths.CompanyInfo,
                    lazy: lazyPage(() => import('@/features/business/routes/company-info-page')),
                  },
                  {
                    path: '/settings/company-info-disabled',
                    lazy: lazyPage(() => import('@/features/business/routes/company-info-page')),
                  },
                  {
                    path: paths.UserRoles,
                    lazy: lazyPage(() => import('@/features/staff/routes/user-roles-page')),
                  },
                  {
                    path: '/settings/user-roles',
                    lazy: lazyPage(() => import('@/features/staff/routes/user-roles-page')),
                  },
                  {
                    path: '/settings/employee-menu',
                    lazy: lazyPage(() => import('@/features/staff/routes/user-roles-page')),
                  },
                  {
                    path: paths.ExistingRoles,
                    lazy: lazyPage(() => import('@/features/staff/routes/existing-roles-page')),
                  },
                  {
                    path: paths.ManageRoles,
                    lazy: lazyPage(() => import('@/features/staff/routes/manage-roles-page')),
                  },
                  {
                    path: paths.UserSettings,
                    lazy: lazyPage(() => import('@/features/staff/routes/user-settings-page')),
                  },
                  {
                    path: '/settings/user-settings',
                    lazy: lazyPage(() => import('@/features/staff/routes/user-settings-page')),
                  },
                  {
                    path: paths.EmployeeDetails,
                    lazy: lazyPage(() => import('@/features/staff/routes/employee-details-page')),
                  },
                  {
                    path: paths.EditEmployee,
                    lazy: lazyPage(() => import('@/features/staff/routes/edit-employee-page')),
                  },
                  {
                    path: paths.RoleDetails,
                    lazy: lazyPage(() => import('@/features/staff/routes/role-details-page')),
                  },
                  {
                    path: paths.Security,
                    lazy: lazyPage(() => import('@/features/accounts/routes/security-page')),
                  },
                  {
                    path: paths.SecurityDevices,
                    lazy: lazyPage(() => import('@/features/accounts/routes/security-devices-page')),
                  },
                  {
                    path: paths.SecurityOtpToggle,
                    lazy: lazyPage(() => import('@/features/accounts/routes/security-otp-page')),
                  },
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
