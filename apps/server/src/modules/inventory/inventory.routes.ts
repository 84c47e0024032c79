import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { countsRoutes } from './counts.routes.js';
import { stockRoutes } from './stock.routes.js';
import { transfersRoutes } from './transfers.routes.js';

/** Inventory: adjustments, stock log and dashboard, transfers, stock counts. */
export const inventoryRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  await app.register(stockRoutes, deps);
  await app.register(transfersRoutes, deps);
  await app.register(countsRoutes, deps);
};
