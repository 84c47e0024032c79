import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessIdParams,
  changeSettlementAccountBody,
  envelope,
  setTransactionPinBody,
  settlementChangeParams,
  settlementPreferences,
  updateSettlementTypeBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import {
  cancelSettlementChange,
  changeSettlementAccount,
  setTransactionPin,
  settlementPreferences as preferencesOf,
  updateSettlementType,
} from './settlements.service.js';

const tags = ['settlements'];
/** Where money goes is the bank-account permission's (admins by default). */
const manager = permission('settings.bank_account');

/**
 * Settlement preferences (issue 14): where payouts go, and the changes to it — each with the password
 * and the transaction PIN, e-mailed to the owner, a new account in force only after a day.
 */
export const settlementsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/v2/settlements/business/:businessId/preferences',
    {
      preHandler: manager,
      schema: {
        tags,
        summary: 'Settle as one business or store by store, and the account each is paid to',
        params: businessIdParams,
        response: { 200: envelope(settlementPreferences) },
      },
    },
    async (request) => ok(await preferencesOf(deps, assertOwnBusiness(request, request.params.businessId))),
  );

  app.post(
    '/v1/businesses/settlement/updatetype/:businessId',
    {
      preHandler: manager,
      schema: {
        tags,
        summary: 'Settle as one business or store by store (password and PIN)',
        params: businessIdParams,
        body: updateSettlementTypeBody,
        response: { 200: envelope(settlementPreferences) },
      },
    },
    async (request) =>
      ok(
        await updateSettlementType(deps, assertOwnBusiness(request, request.params.businessId), request.body),
        'Settlement type saved',
      ),
  );

  app.post(
    '/v2/settlements/business/:businessId/accounts',
    {
      preHandler: manager,
      schema: {
        tags,
        summary: 'Pay the business (or a store) to another bank account, from a day later (password and PIN)',
        params: businessIdParams,
        body: changeSettlementAccountBody,
        response: { 200: envelope(settlementPreferences) },
      },
    },
    async (request) =>
      ok(
        await changeSettlementAccount(
          deps,
          assertOwnBusiness(request, request.params.businessId),
          request.body,
        ),
        'Settlement account change requested',
      ),
  );

  app.delete(
    '/v2/settlements/business/:businessId/accounts/:changeId',
    {
      preHandler: manager,
      schema: {
        tags,
        summary: 'The owner cancels a change of settlement account before it takes effect',
        params: settlementChangeParams,
        response: { 200: envelope(settlementPreferences) },
      },
    },
    async (request) =>
      ok(
        await cancelSettlementChange(
          deps,
          assertOwnBusiness(request, request.params.businessId),
          request.params.changeId,
        ),
        'Change cancelled',
      ),
  );

  app.put(
    '/v2/settlements/pin',
    {
      preHandler: manager,
      schema: {
        tags,
        summary: 'Set or change your transaction PIN (password)',
        body: setTransactionPinBody,
        response: { 200: envelope(z.object({ has_pin: z.literal(true) })) },
      },
    },
    async (request) => ok(await setTransactionPin(deps, authOf(request), request.body), 'PIN saved'),
  );
};
