import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankTransfersData, bankTransfersQuery, businessIdParams, envelope } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { assertOwnBusiness, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { listTransfers } from './bank-transactions.service.js';

/** Transfers received on the stores' fixed accounts (issue 14). */
export const bankTransactionsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/v1/payments/transactions/businesses/:businessId',
    {
      preHandler: permission('transactions.manage_payments'),
      schema: {
        tags: ['bank transactions'],
        summary:
          'Transfers received on fixed accounts over days of the business (default today), with totals',
        params: businessIdParams,
        querystring: bankTransfersQuery,
        response: { 200: envelope(bankTransfersData) },
      },
    },
    async (request) =>
      ok(await listTransfers(deps.db, assertOwnBusiness(request, request.params.businessId), request.query)),
  );
};
