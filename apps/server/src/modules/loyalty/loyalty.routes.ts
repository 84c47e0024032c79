import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adjustPointsBody,
  adjustStoreCreditBody,
  customerIdParams,
  envelope,
  LOYALTY_TOKEN_HEADER,
  loyaltyAccessData,
  loyaltyBalances,
  loyaltyCustomer as loyaltyCustomerSchema,
  loyaltyLedgerQuery,
  loyaltySettings,
  updateLoyaltySettingsBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { publishAfterWrites } from '../changes/index.js';
import { unauthorized } from '../../lib/errors.js';
import { adminOnly, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { storeCreditActive } from './ledger.js';
import { createLoyaltyTokens } from './loyalty-tokens.js';
import {
  adjustPoints,
  adjustStoreCredit,
  loyaltyCustomer,
  loyaltySettingsOf,
  pointsCsv,
  saveLoyaltySettings,
} from './loyalty.service.js';

const tags = ['loyalty'];

/**
 * The loyalty service (spec 001 §7: "called directly, with a secondary token"). POST access trades
 * the user's bearer token for a short-lived loyalty token; every other route needs both, and the
 * loyalty token must be this user's, in this business and session.
 */
export const loyaltyRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  publishAfterWrites(app, deps, { topic: 'settings', what: 'loyalty' }, { topic: 'customers' });
  const tokens = createLoyaltyTokens(deps.env.jwtSecret);

  app.post(
    '/v1/loyalty/access',
    {
      schema: {
        tags,
        summary: 'Get the loyalty token and whether store credit is on',
        response: { 200: envelope(loyaltyAccessData) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { token, expiresAt } = await tokens.sign({
        userId: auth.userId,
        businessId: auth.businessId,
        sessionId: auth.sessionId,
      });
      return ok({
        token,
        expires_at: expiresAt.toISOString(),
        store_credit_active: await storeCreditActive(deps.db, auth.businessId),
      });
    },
  );

  await app.register(async (guarded) => {
    guarded.addHook('preHandler', async (request) => {
      const auth = authOf(request);
      const header = request.headers[LOYALTY_TOKEN_HEADER];
      const token = typeof header === 'string' ? header.trim() : '';
      if (!token) throw unauthorized('Loyalty token is missing.');
      const claims = await tokens.verify(token);
      if (
        !claims ||
        claims.businessId !== auth.businessId ||
        claims.userId !== auth.userId ||
        claims.sessionId !== auth.sessionId
      )
        throw unauthorized('Loyalty token is invalid or has expired.');
    });
    const r = guarded.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/v1/loyalty/customers/:id',
      {
        preHandler: permission('customers.view'),
        schema: {
          tags,
          summary: "A customer's points and store credit with a page of each ledger",
          params: customerIdParams,
          querystring: loyaltyLedgerQuery,
          response: { 200: envelope(loyaltyCustomerSchema) },
        },
      },
      async (request) =>
        ok(await loyaltyCustomer(deps.db, authOf(request), request.params.id, request.query)),
    );

    r.post(
      '/v1/loyalty/customers/:id/points',
      {
        preHandler: permission('customers.manage'),
        schema: {
          tags,
          summary: 'Add or remove points by hand, with a reason',
          params: customerIdParams,
          body: adjustPointsBody,
          response: { 200: envelope(loyaltyBalances) },
        },
      },
      async (request) =>
        ok(await adjustPoints(deps.db, authOf(request), request.params.id, request.body), 'Points updated'),
    );

    r.post(
      '/v1/loyalty/customers/:id/store-credit',
      {
        preHandler: permission('customers.manage'),
        schema: {
          tags,
          summary: 'Add or remove store credit, with a reason',
          params: customerIdParams,
          body: adjustStoreCreditBody,
          response: { 200: envelope(loyaltyBalances) },
        },
      },
      async (request) =>
        ok(
          await adjustStoreCredit(deps.db, authOf(request), request.params.id, request.body),
          'Store credit updated',
        ),
    );

    r.get(
      '/v1/loyalty/settings',
      {
        schema: { tags, summary: 'The loyalty rules', response: { 200: envelope(loyaltySettings) } },
      },
      async (request) => ok(await loyaltySettingsOf(deps.db, authOf(request).businessId)),
    );

    r.put(
      '/v1/loyalty/settings',
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: 'Change the loyalty rules and the store-credit flag',
          body: updateLoyaltySettingsBody,
          response: { 200: envelope(loyaltySettings) },
        },
      },
      async (request) =>
        ok(
          await saveLoyaltySettings(deps.db, authOf(request).businessId, request.body),
          'Loyalty settings saved',
        ),
    );

    r.get(
      '/v1/loyalty/points/download',
      {
        preHandler: permission('customers.view'),
        schema: { tags, summary: 'DOWNLOAD_CUSTOMERS_POINTS: customers with points and store credit as CSV' },
      },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="customers-points.csv"')
          .send(await pointsCsv(deps.db, authOf(request).businessId)),
    );
  });
};
