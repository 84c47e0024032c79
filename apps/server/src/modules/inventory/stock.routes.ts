import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentBody,
  adjustmentResult,
  businessIdParams,
  envelope,
  stockLogPage,
  stockLogQuery,
  stockSummary,
  stockSummaryQuery,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { assertOwnBusiness, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { adjustStock, listStockLog, stockSummary as summarise } from './stock.service.js';

const tags = ['inventory'];

/** Stock adjustments, the stock log and the stock dashboard (spec 001 §7 "Inventory"). */
export const stockRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.post(
    '/v2/business/:businessId/stocks/adjustments',
    {
      preHandler: permission('inventory.adjust_stock'),
      schema: {
        tags,
        summary: 'Add or remove stock in one store, with a reason (removing more than is there is 409)',
        params: businessIdParams,
        body: adjustmentBody,
        response: { 201: envelope(adjustmentResult) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await adjustStock(deps.db, auth, request.body);
      return reply
        .status(201)
        .send(
          ok(data, request.body.type === 'add' ? 'Stock added successfully' : 'Stock removed successfully'),
        );
    },
  );

  app.get(
    '/v2/business/:businessId/stocks/logs',
    {
      preHandler: permission('inventory.adjustment_log'),
      schema: {
        tags,
        summary: 'Stock movements, newest first, with item, store and user names (the adjustment log)',
        params: businessIdParams,
        querystring: stockLogQuery,
        response: { 200: envelope(stockLogPage) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await listStockLog(deps.db, auth, request.query));
    },
  );

  app.get(
    '/v2/business/:businessId/stocks/summary',
    {
      preHandler: permission('catalogue.view_inventory'),
      schema: {
        tags,
        summary: 'Stock dashboard: value at cost and selling price, low and out of stock, per-store totals',
        params: businessIdParams,
        querystring: stockSummaryQuery,
        response: { 200: envelope(stockSummary) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await summarise(deps.db, auth, request.query));
    },
  );
};
