import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { outboxRoutes } from './dev/outbox.routes.js';
import { accountsRoutes } from './accounts/accounts.routes.js';

/** Every module's routes. A module adds one line here. */
export const registerModules = async (app: FastifyInstance, deps: Deps): Promise<void> => {
  if (deps.env.notifications === 'sandbox') await app.register(outboxRoutes, deps);
  await app.register(accountsRoutes, deps);
};
