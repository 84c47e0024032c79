import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addBankAccountBody,
  bankAccount,
  bankAccountParams,
  bankAccountQuery,
  bankList,
  businessIdParams,
  envelope,
  resolveBankAccountQuery,
  resolvedBankAccount,
  resolvedBvn,
  resolveBvnQuery,
  updateBankAccountBody,
} from '@ms/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import {
  addBankAccount,
  getBankAccount,
  listBankAccounts,
  listBanks,
  resolveBankAccount,
  resolveBvn,
  updateBankAccount,
} from './bank-accounts.service.js';

const tags = ['bank accounts'];

/** Banks, name enquiry, BVN lookup and the business's bank accounts (spec 001 §7 "Payments, banks, settlements"). */
export const bankAccountsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/v1/payments/banks',
    {
      schema: {
        tags,
        summary: 'The banks money can be paid out to (CBN codes)',
        response: { 200: envelope(bankList) },
      },
    },
    async (request) => {
      authOf(request);
      return ok(await listBanks(deps));
    },
  );

  app.get(
    '/v1/payments/resolve/bankaccount',
    {
      preHandler: permission('settings.bank_account'),
      schema: {
        tags,
        summary: 'Name enquiry: the name the bank holds for an account number (limited per user and hour)',
        querystring: resolveBankAccountQuery,
        response: { 200: envelope(resolvedBankAccount) },
      },
    },
    async (request) =>
      ok(
        await resolveBankAccount(deps, authOf(request), request.query.accountnumber, request.query.bankcode),
      ),
  );

  app.get(
    '/v1/payments/resolve/bvn',
    {
      preHandler: permission('settings.bank_account'),
      schema: {
        tags,
        summary: 'Whose BVN it is (limited per user and hour; the BVN is neither kept nor logged)',
        querystring: resolveBvnQuery,
        response: { 200: envelope(resolvedBvn) },
      },
    },
    async (request) => ok(await resolveBvn(deps, authOf(request), request.query.bvn)),
  );

  app.get(
    '/v1/payments/accounts/businesses/:businessId',
    {
      preHandler: permission('settings.bank_account'),
      schema: {
        tags,
        summary: "The business's bank accounts",
        params: businessIdParams,
        response: { 200: envelope(z.array(bankAccount)) },
      },
    },
    async (request) =>
      ok(await listBankAccounts(deps, assertOwnBusiness(request, request.params.businessId))),
  );

  app.post(
    '/v1/payments/accounts/businesses/:businessId',
    {
      preHandler: permission('settings.bank_account'),
      schema: {
        tags,
        summary: 'Add a bank account under the name its bank answers',
        params: businessIdParams,
        body: addBankAccountBody,
        response: { 201: envelope(bankAccount) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      reply.code(201);
      return ok(await addBankAccount(deps, auth, request.body));
    },
  );

  app.patch(
    '/v1/payments/accounts/businesses/:businessId',
    {
      preHandler: permission('settings.bank_account'),
      schema: {
        tags,
        summary: "Say which store's account it is (null: the business's)",
        params: businessIdParams,
        body: updateBankAccountBody,
        response: { 200: envelope(bankAccount) },
      },
    },
    async (request) =>
      ok(await updateBankAccount(deps, assertOwnBusiness(request, request.params.businessId), request.body)),
  );

  app.get(
    '/v1/payments/accounts/businesses/:businessId/:paymentId',
    {
      preHandler: permission('settings.bank_account'),
      schema: {
        tags,
        summary: "One bank account; with storeID, only if it is that store's or the business's",
        params: bankAccountParams,
        querystring: bankAccountQuery,
        response: { 200: envelope(bankAccount) },
      },
    },
    async (request) =>
      ok(
        await getBankAccount(
          deps,
          assertOwnBusiness(request, request.params.businessId),
          request.params.paymentId,
          request.query.storeID,
        ),
      ),
  );
};
