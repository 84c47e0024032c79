import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessIdParams,
  createFixedAccountBody,
  envelope,
  fixedAccount,
  virtualAccountBanks as virtualAccountBanksSchema,
} from '@ms/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { anyPermission, assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { createFixedAccount, listFixedAccounts, virtualAccountBanks } from './fixed-accounts.service.js';

const tags = ['fixed accounts'];

/** Fixed (static virtual) accounts of stores (spec 001 §7 "Payments, banks, settlements"). */
export const fixedAccountsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/v2/payments/enabledvirtualaccountbanks',
    {
      schema: {
        tags,
        summary: 'The banks fixed accounts open at',
        response: { 200: envelope(virtualAccountBanksSchema) },
      },
    },
    async (request) => {
      authOf(request);
      return ok(await virtualAccountBanks(deps));
    },
  );

  app.get(
    '/v1/payments/fixedaccounts/businesses/:businessId',
    {
      // The till shows the store's account when a customer pays by transfer.
      preHandler: anyPermission('settings.payment_methods', 'transactions.manage_payments', 'pos.make_sale'),
      schema: {
        tags,
        summary: "The stores' fixed accounts (a non-admin sees their stores' only)",
        params: businessIdParams,
        response: { 200: envelope(z.array(fixedAccount)) },
      },
    },
    async (request) =>
      ok(await listFixedAccounts(deps, assertOwnBusiness(request, request.params.businessId))),
  );

  app.post(
    '/v2/payments/accounts/businesses/:businessId/customfixedaccount',
    {
      preHandler: permission('settings.payment_methods'),
      schema: {
        tags,
        summary: "Open a store's fixed account at a partner bank (again: the same account)",
        params: businessIdParams,
        body: createFixedAccountBody,
        response: { 200: envelope(fixedAccount), 201: envelope(fixedAccount) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const { account, created } = await createFixedAccount(deps, auth, request.body);
      reply.code(created ? 201 : 200);
      return ok(account);
    },
  );
};
