import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { outboxRoutes } from './dev/outbox.routes.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { staffRoutes } from './staff/staff.routes.js';
import { businessRoutes } from './business/business.routes.js';
import { storesRoutes } from './stores/stores.routes.js';
import { uploadsRoutes } from './uploads/uploads.routes.js';
import { utilitiesRoutes } from './utilities/utilities.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { categoriesRoutes } from './categories/categories.routes.js';
import { tagsRoutes } from './tags/tags.routes.js';
import { optionsRoutes } from './options/options.routes.js';
import { modifiersRoutes } from './modifiers/modifiers.routes.js';
import { productUploadsRoutes } from './product-uploads/product-uploads.routes.js';
import { inventoryRoutes } from './inventory/inventory.routes.js';
import { productsRoutes } from './products/products.routes.js';
import { customersRoutes } from './customers/customers.routes.js';
import { loyaltyRoutes } from './loyalty/loyalty.routes.js';
import { registersRoutes } from './registers/registers.routes.js';
import { salesRoutes } from './sales/sales.routes.js';
import { saleJobs } from './sales/index.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { paymentOptionsRoutes } from './payment-options/payment-options.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { changesRoutes } from './changes/changes.routes.js';
import { bankAccountsRoutes } from './bank-accounts/index.js';
import { fixedAccountsRoutes } from './fixed-accounts/index.js';
import { payoutJobs, payoutsRoutes } from './payouts/index.js';
import { settlementsRoutes } from './settlements/index.js';
import { salesAgentsRoutes, toggleFeaturesRoutes } from './sales-agents/index.js';
import { invoiceJobs, invoicesRoutes, publicInvoicesRoutes } from './invoices/index.js';
import { onlineStoreRoutes } from './online-store/index.js';
import { orderJobs, ordersRoutes } from './orders/index.js';
import {
  bankJobs,
  bankSandboxRoutes,
  bankTransactionsRoutes,
  bankWebhookRoutes,
} from './bank-transactions/index.js';

/** Every module's routes. A module adds one line here. */
export const registerModules = async (app: FastifyInstance, deps: Deps): Promise<void> => {
  if (deps.env.notifications === 'sandbox' && deps.env.exposeOutbox) await app.register(outboxRoutes, deps);
  await app.register(accountsRoutes, deps);
  await app.register(staffRoutes, deps);
  await app.register(businessRoutes, deps);
  await app.register(storesRoutes, deps);
  await app.register(uploadsRoutes, deps);
  await app.register(utilitiesRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(categoriesRoutes, deps);
  await app.register(tagsRoutes, deps);
  await app.register(optionsRoutes, deps);
  await app.register(modifiersRoutes, deps);
  await app.register(productUploadsRoutes, deps);
  await app.register(inventoryRoutes, deps);
  await app.register(productsRoutes, deps);
  await app.register(customersRoutes, deps);
  await app.register(loyaltyRoutes, deps);
  await app.register(registersRoutes, deps);
  await app.register(salesRoutes, deps);
  await app.register(saleJobs, deps);
  await app.register(reportsRoutes, deps);
  await app.register(paymentOptionsRoutes, deps);
  await app.register(paymentsRoutes, deps);
  await app.register(changesRoutes, deps);
  await app.register(bankAccountsRoutes, deps);
  await app.register(fixedAccountsRoutes, deps);
  await app.register(bankWebhookRoutes, deps);
  await app.register(bankJobs, deps);
  await app.register(bankTransactionsRoutes, deps);
  await app.register(payoutsRoutes, deps);
  await app.register(payoutJobs, deps);
  await app.register(settlementsRoutes, deps);
  await app.register(salesAgentsRoutes, deps);
  await app.register(toggleFeaturesRoutes, deps);
  await app.register(invoicesRoutes, deps);
  await app.register(publicInvoicesRoutes, deps);
  await app.register(invoiceJobs, deps);
  await app.register(onlineStoreRoutes, deps);
  await app.register(ordersRoutes, deps);
  await app.register(orderJobs, deps);
  if (deps.env.banking === 'sandbox' && deps.env.bankingSandboxAllowed && !deps.env.isProduction)
    await app.register(bankSandboxRoutes, deps);
};
