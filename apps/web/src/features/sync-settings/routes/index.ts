import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const syncSettingsRoutes: RouteObject[] = [
  { path: '/syncsettings', lazy: lazyPage(() => import('./sync-settings-page')) },
  { path: '/settings/syncsettings', lazy: lazyPage(() => import('./sync-settings-page')) },
];
