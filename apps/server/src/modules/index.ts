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
};
