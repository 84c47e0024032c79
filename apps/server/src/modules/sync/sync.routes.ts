import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessIdParams,
  customer,
  envelope,
  offlineCustomersBatch,
  offlineSalesBatch,
  sale,
  uploadResponse,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { syncOfflineCustomers } from '../../flows/sync-offline-customers.js';
import { syncOfflineSales } from '../../flows/sync-offline-sales.js';
import { assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';

const tags = ['sync'];

/**
 * Uploads of the offline engine (spec 000 §4, §7.4; decision 0004): batches of records made on a
 * device, each answered on its own in the order sent. 200 with `{results}` whenever the batch
 * itself is well formed; 503 when the server could not finish (send the batch again).
 */
export const syncRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const salesAnswer = { 200: envelope(uploadResponse(sale)) };
  const logOf = (request: { log: { error: (o: object, m: string) => void } }) => (err: unknown, id: string) =>
    request.log.error({ err, id }, 'offline upload: record failed, batch to be retried');

  app.post(
    '/v1/customers/syncnewofflinecustomers',
    {
      preHandler: permission('customers.manage'),
      schema: {
        tags,
        summary: 'Upload customers made offline (idempotent on each _id; each answered on its own)',
        body: offlineCustomersBatch,
        response: { 200: envelope(uploadResponse(customer)) },
      },
    },
    async (request) =>
      ok(
        await syncOfflineCustomers(
          deps.db,
          authOf(request),
          request.body.customers as unknown[],
          logOf(request),
        ),
        'Customers synced',
      ),
  );

  for (const path of ['/v1/sales/syncsale/', '/v1/sales/syncsale'])
    app.post(
      path,
      {
        preHandler: permission('pos.make_sale'),
        schema: {
          tags,
          summary: 'Upload sales made offline (idempotent on each _id; each answered on its own)',
          body: offlineSalesBatch,
          response: salesAnswer,
        },
      },
      async (request) =>
        ok(
          await syncOfflineSales(deps.db, authOf(request), request.body.sales as unknown[], logOf(request)),
          'Sales synced',
        ),
    );

  app.post(
    '/v2/business/:businessId/sales/offline/sync',
    {
      preHandler: permission('pos.make_sale'),
      schema: {
        tags,
        summary: 'Upload sales made offline (idempotent on each _id; each answered on its own)',
        params: businessIdParams,
        body: offlineSalesBatch,
        response: salesAnswer,
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(
        await syncOfflineSales(deps.db, auth, request.body.sales as unknown[], logOf(request)),
        'Sales synced',
      );
    },
  );
};
