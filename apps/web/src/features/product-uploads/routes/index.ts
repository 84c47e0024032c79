import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const productUploadsRoutes: RouteObject[] = [
  { path: paths.BulkUpload, lazy: lazyPage(() => import('./bulk-upload-page')) },
  { path: paths.UploadedBatches, lazy: lazyPage(() => import('./uploaded-batches-page')) },
  { path: paths.UploadFailed, lazy: lazyPage(() => import('./upload-failed-page')) },
];
