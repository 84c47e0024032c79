import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** The online store's orders (signed in): the list, one order, and recording a payment. */
export const ordersRoutes: RouteObject[] = [
  { path: paths.Orders, lazy: lazyPage(() => import('./orders-page')) },
  { path: paths.OrderDetails, lazy: lazyPage(() => import('./order-details-page')) },
  { path: paths.AddPayment, lazy: lazyPage(() => import('./add-payment-page')) },
];
