import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { publishChanges, type Change } from './changes.publish.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * For a module whose writes all change one topic (settings, stores, staff, customers, the
 * catalogue): after each successful write of this plugin's routes (its transaction has committed),
 * the business's open devices are told. One line in the module's routes plugin instead of a call
 * in every service; the stock ledger, whose changes concern particular stores, publishes itself.
 */
export const publishAfterWrites = (
  app: FastifyInstance,
  deps: Pick<Deps, 'db'>,
  ...changes: Change[]
): void => {
  app.addHook('onResponse', async (request, reply) => {
    const businessId = request.auth?.businessId;
    if (!businessId || !WRITES.has(request.method) || reply.statusCode >= 300) return;
    await publishChanges(deps.db, businessId, changes).catch((error: unknown) =>
      request.log.warn({ error: String(error) }, 'live change not published'),
    );
  });
};
