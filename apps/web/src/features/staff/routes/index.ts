import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

const userRoles = lazyPage(() => import('./user-roles-page'));
const userSettings = lazyPage(() => import('./user-settings-page'));

/** Routes of this feature; app/router.tsx puts them among the admin-only routes. */
export const staffRoutes: RouteObject[] = [
  { path: paths.UserRoles, lazy: userRoles },
  { path: '/settings/user-roles', lazy: userRoles },
  { path: '/settings/employee-menu', lazy: userRoles },
  { path: paths.ExistingRoles, lazy: lazyPage(() => import('./existing-roles-page')) },
  { path: paths.ManageRoles, lazy: lazyPage(() => import('./manage-roles-page')) },
  { path: paths.UserSettings, lazy: userSettings },
  { path: '/settings/user-settings', lazy: userSettings },
  { path: paths.EmployeeDetails, lazy: lazyPage(() => import('./employee-details-page')) },
  { path: paths.EditEmployee, lazy: lazyPage(() => import('./edit-employee-page')) },
  { path: paths.RoleDetails, lazy: lazyPage(() => import('./role-details-page')) },
];
