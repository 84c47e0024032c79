import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessIdParams,
  envelope,
  payoutDetails,
  payoutParams,
  payoutsData,
  payoutsQuery,
  sandboxPayoutRun,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { payOutNow } from '../../flows/run-payouts.js';
import { assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { findPayout } from './payouts.repository.js';
import { getPayoutDetails, listPayouts, toPayout } from './payouts.service.js';

const tags = ['payouts'];

/** Payouts (issue 14): the list and one payout with the transfers it paid out; in the sandbox, "pay out now". */
export const payoutsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/v1/payments/batch/businesses/:businessId',
    {
      preHandler: permission('transactions.payouts'),
      schema: {
        tags,
        summary: 'Payouts made over days of the business (default the last 30), with what is still owed',
        params: businessIdParams,
        querystring: payoutsQuery,
        response: { 200: envelope(payoutsData) },
      },
    },
    async (request) =>
      ok(
        await listPayouts(
          deps.db,
          assertOwnBusiness(request, request.params.businessId),
          request.query,
          deps.env.payoutHour,
        ),
      ),
  );

  app.get(
    '/v1/payments/payoutdetails/businesses/:businessId/payoutid/:payoutId',
    {
      preHandler: permission('transactions.payouts'),
      schema: {
        tags,
        summary: 'One payout and the transfers it paid out',
        params: payoutParams,
        response: { 200: envelope(payoutDetails) },
      },
    },
    async (request) =>
      ok(
        await getPayoutDetails(
          deps.db,
          assertOwnBusiness(request, request.params.businessId),
          request.params.payoutId,
        ),
      ),
  );

  if (deps.env.banking === 'sandbox' && deps.env.bankingSandboxAllowed && !deps.env.isProduction)
    app.post(
      '/v1/sandbox/banking/payouts',
      {
        preHandler: permission('transactions.payouts'),
        schema: {
          tags: ['sandbox'],
          summary: 'Sandbox only: pay out now what is owed, without waiting for the next day',
          response: { 200: envelope(sandboxPayoutRun) },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const made = await payOutNow(deps, auth.businessId);
        const rows = await Promise.all(made.payoutIds.map((id) => findPayout(deps.db, auth.businessId, id)));
        return ok({ payouts: rows.flatMap((r) => (r ? [toPayout(r)] : [])) });
      },
    );
};
