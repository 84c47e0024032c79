import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** Sign-in and sign-up pages; app/router.tsx shows them only to a visitor without a session. */
export const accountsGuestRoutes: RouteObject[] = [
  { path: paths.Login, lazy: lazyPage(() => import('./login-page')) },
  { path: paths.Signup, lazy: lazyPage(() => import('./signup-page')) },
  { path: paths.ForgotPassword, lazy: lazyPage(() => import('./forgot-password-page')) },
  { path: paths.PartnerSignup, lazy: lazyPage(() => import('./partner-signup-page')) },
  { path: paths.PartnerLogin, lazy: lazyPage(() => import('./partner-login-page')) },
];

/** Security pages; app/router.tsx puts them among the admin-only routes. */
export const accountsAdminRoutes: RouteObject[] = [
  { path: paths.Security, lazy: lazyPage(() => import('./security-page')) },
  { path: paths.SecurityDevices, lazy: lazyPage(() => import('./security-devices-page')) },
  { path: paths.SecurityOtpToggle, lazy: lazyPage(() => import('./security-otp-page')) },
];
