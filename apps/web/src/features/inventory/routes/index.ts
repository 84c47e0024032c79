import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { inventoryPaths as p } from '../lib/paths';

const adjust = lazyPage(() => import('./adjust-stock-page'));
const review = lazyPage(() => import('./adjust-stock-review-page'));

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const inventoryRoutes: RouteObject[] = [
  { path: p.root, element: createElement(Navigate, { to: p.dashboard, replace: true }) },
  { path: p.dashboard, lazy: lazyPage(() => import('./stock-dashboard-page')) },
  { path: p.addStock, lazy: adjust },
  { path: p.removeStock, lazy: adjust },
  { path: p.addStockNext, lazy: review },
  { path: p.removeStockNext, lazy: review },
  { path: p.adjustments, lazy: lazyPage(() => import('./stock-adjustment-page')) },
  { path: p.transfers, lazy: lazyPage(() => import('./transfers-page')) },
  { path: p.createTransfer, lazy: lazyPage(() => import('./create-transfer-page')) },
  { path: p.transferDetail, lazy: lazyPage(() => import('./transfer-detail-page')) },
  { path: p.transferOrder, lazy: lazyPage(() => import('./transfer-order-page')) },
  { path: p.counts, lazy: lazyPage(() => import('./stock-counts-page')) },
  { path: p.newCount, lazy: lazyPage(() => import('./new-count-page')) },
  { path: p.categoryCount, lazy: lazyPage(() => import('./category-count-page')) },
  { path: p.submitCount, lazy: lazyPage(() => import('./submit-count-page')) },
  { path: p.acceptCount, lazy: lazyPage(() => import('./accept-count-page')) },
  { path: p.countCompleted, lazy: lazyPage(() => import('./count-completed-page')) },
];
