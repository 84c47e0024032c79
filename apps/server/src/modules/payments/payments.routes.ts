import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessIdParams, envelope, paymentsData, paymentsQuery } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../lib/errors.js';
import { assertOwnBusiness, authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { receivedPayments } from './payments.service.js';

const tags = ['payments'];

/** Who may read payments: payments managers, and whoever may see sales history (their stores). */
const mayReadPayments = async (request: FastifyRequest) => {
  const auth = authOf(request);
  if (
    !auth.isAdmin &&
    !auth.permissions.has('transactions.manage_payments') &&
    !auth.permissions.has('sales_history.view')
  )
    throw forbidden('Your role does not have permission to do this.');
};

/** Payments received by the business (spec 001 §7 "Payments"; spec 000 §7.4 payments download). */
export const paymentsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/v1/payments/single/businesses/:businessId',
    {
      preHandler: mayReadPayments,
      schema: {
        tags,
        summary:
          'Sale payments and refunds: ?batchsync=true[&updated_at] page by page for the offline table, or ?startdate&enddate',
        params: businessIdParams,
        querystring: paymentsQuery,
        response: { 200: envelope(paymentsData) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await receivedPayments(deps.db, auth, request.query));
    },
  );
};
