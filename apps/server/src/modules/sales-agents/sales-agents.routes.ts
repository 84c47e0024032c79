import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessIdParams,
  createSalesAgentBody,
  envelope,
  salesAgent,
  salesAgentParams,
  salesAgentsData,
  salesAgentStoreParams,
  updateSalesAgentBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { adminOnly, anyPermission, assertOwnBusiness } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { publishAfterWrites } from '../changes/index.js';
import { createAgent, editAgent, listAgents } from './sales-agents.service.js';

const tags = ['sales agents'];

/** Sales agents (spec 001 §7 "Sales agents and toggles"): the admin manages them; the till reads them. */
export const salesAgentsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  publishAfterWrites(app, deps, { topic: 'settings', what: 'sales_agents' });

  app.get(
    '/v1/businesses/:businessId/sales-agents',
    {
      // The till checks the code a cashier types against this list, offline too.
      preHandler: anyPermission('pos.make_sale', 'sales_history.view', 'transactions.manage_payments'),
      schema: {
        tags,
        summary: "The sales agents of the caller's stores, active first",
        params: businessIdParams,
        response: { 200: envelope(salesAgentsData) },
      },
    },
    async (request) => ok(await listAgents(deps.db, assertOwnBusiness(request, request.params.businessId))),
  );

  app.post(
    '/v1/businesses/:businessId/stores/:storeId/sales-agents',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Add a sales agent to a store (a code is made when none is given)',
        params: salesAgentStoreParams,
        body: createSalesAgentBody,
        response: { 201: envelope(salesAgent) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const agent = await createAgent(deps.db, auth, request.params.storeId, request.body);
      reply.code(201);
      return ok(agent);
    },
  );

  app.patch(
    '/v1/businesses/:businessId/sales-agents/:agentId',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Rename a sales agent, change their phone, or (de)activate them; the code stays',
        params: salesAgentParams,
        body: updateSalesAgentBody,
        response: { 200: envelope(salesAgent) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await editAgent(deps.db, auth, request.params.agentId, request.body));
    },
  );
};
