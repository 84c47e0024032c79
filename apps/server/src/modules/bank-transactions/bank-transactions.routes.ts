import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankTransfersData, bankTransfersQuery, businessIdParams, envelope } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { assertOwnBusiness, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { businessZone } from '../../lib/business-time.js';
import { TRANSFERS_IN_CSV } from './bank-transactions.repository.js';
import { listTransfers, transfersCsv } from './bank-transactions.service.js';

/** Transfers received on the stores' fixed accounts (issue 14). */
export const bankTransactionsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/v1/payments/transactions/businesses/:businessId',
    {
      preHandler: permission('transactions.manage_payments'),
      schema: {
        tags: ['bank transactions'],
        summary:
          'Transfers received on fixed accounts over days of the business (default today), with totals; format=csv for a file',
        params: businessIdParams,
        querystring: bankTransfersQuery,
        response: { 200: envelope(bankTransfersData) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      if (request.query.format !== 'csv') return ok(await listTransfers(deps.db, auth, request.query));
      const data = await listTransfers(deps.db, auth, request.query, TRANSFERS_IN_CSV);
      const zone = await businessZone(deps.db, auth.businessId);
      const days = `${request.query.startdate ?? 'today'}_${request.query.enddate ?? request.query.startdate ?? 'today'}`;
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="transactions_${days}.csv"`)
          // A file, not the envelope: the JSON schema does not apply to a text/csv body.
          .send(transfersCsv(data, zone) as never)
      );
    },
  );
};
