import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

/** Routes of this feature (signed in). The client's public page (/view-invoice) is outside the shell: app/router.tsx. */
export const invoicesRoutes: RouteObject[] = [
  { path: paths.Invoices, lazy: lazyPage(() => import('./invoices-page')) },
  { path: paths.AddInvoice, lazy: lazyPage(() => import('./add-invoice-page')) },
  { path: paths.InvoiceDetails, lazy: lazyPage(() => import('./invoice-details-page')) },
];

/** The client's page of an invoice (/view-invoice?token=…): opens without login, outside the shell. */
export const publicInvoiceRoutes: RouteObject[] = [
  { path: paths.ViewInvoice, lazy: lazyPage(() => import('../public/view-invoice-page')) },
];
