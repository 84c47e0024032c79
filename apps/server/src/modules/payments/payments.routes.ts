import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessIdParams,
  envelope,
  paymentLogBody,
  paymentLogData,
  paymentLogDetails,
  paymentLogParams,
  paymentLogQuery,
  paymentsData,
  paymentsQuery,
  paymentsReport,
  paymentsReportQuery,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../lib/errors.js';
import { assertOwnBusiness, authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import {
  paymentDetails,
  paymentLog,
  paymentsReport as reportOf,
  receivedPayments,
} from './payments.service.js';

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

  app.get(
    '/v1/payments/single/businesses/:businessId/report',
    {
      preHandler: mayReadPayments,
      schema: {
        tags,
        summary:
          'Payments received over days of the business (default today), summed by method, kind, store and day',
        params: businessIdParams,
        querystring: paymentsReportQuery,
        response: { 200: envelope(paymentsReport) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await reportOf(deps.db, auth, request.query));
    },
  );

  app.post(
    '/v1/payments/reports/paymentlog/businesses/:businessId',
    {
      preHandler: mayReadPayments,
      schema: {
        tags,
        summary:
          "The payment log of store_ids (all the caller's stores when none) between startdate and enddate (FETCH_ALL_PAYMENTS_V2)",
        params: businessIdParams,
        querystring: paymentLogQuery,
        body: paymentLogBody,
        response: { 200: envelope(paymentLogData) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await paymentLog(deps.db, auth, request.query, request.body.store_ids));
    },
  );

  app.get(
    '/v1/payments/paymentlogdetails/businesses/:businessId/paymentlogid/:paymentLogId',
    {
      preHandler: mayReadPayments,
      schema: {
        tags,
        summary:
          'One payment, refund or transfer with the sale it paid and, for a transfer, its payer and payout',
        params: paymentLogParams,
        response: { 200: envelope(paymentLogDetails) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await paymentDetails(deps.db, auth, request.params.paymentLogId));
    },
  );
};
