import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  businessIdParams,
  customerAnalytics as customerAnalyticsData,
  dashboardBusinessParams,
  envelope,
  gettingStarted as gettingStartedData,
  graphData,
  graphQuery,
  inventoryRevenue as inventoryRevenueData,
  inventoryRevenueParams,
  rangeByIdParams,
  salesRevenue as salesRevenueData,
  transactionAnalytics as transactionAnalyticsData,
  transactionAnalyticsV2 as transactionAnalyticsV2Data,
  transactionAnalyticsV2Query,
  type PermissionKey,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../lib/errors.js';
import { assertOwnBusiness, type AuthContext } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { gettingStarted } from './getting-started.js';
import {
  customerAnalytics,
  graph,
  inventoryRevenue,
  salesRevenue,
  storeScope,
  storesScope,
  transactionAnalytics,
  transactionAnalyticsV2,
} from './dashboard.service.js';

const tags = ['dashboard'];

/** The caller must work in the business of the path (else 404) and hold the figure's permission (else 403). */
const allowed = (request: FastifyRequest, businessId: string, key: PermissionKey): AuthContext => {
  const auth = assertOwnBusiness(request, businessId);
  if (!auth.isAdmin && !auth.permissions.has(key))
    throw forbidden('Your role does not have permission to do this.');
  return auth;
};

/** Home page figures (spec 000 §7.3). */
export const dashboardRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/v1/dashboard/gettingstarted/:businessId',
    {
      schema: {
        tags,
        summary: 'Getting-started checklist',
        params: businessIdParams,
        response: { 200: envelope(gettingStartedData) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await gettingStarted(deps.db, auth.businessId));
    },
  );

  app.get(
    '/v1/dashboard/inventory/revenue/:business/:start/:end/:store',
    {
      schema: {
        tags,
        summary:
          'Stock value now (cost, retail) and units sold / cost of goods sold in a range of Lagos days',
        description: 'Needs catalogue.view_inventory. store: a store id or "all" (the caller\'s stores).',
        params: inventoryRevenueParams,
        response: { 200: envelope(inventoryRevenueData) },
      },
    },
    async (request) => {
      const p = request.params;
      const auth = allowed(request, p.business, 'catalogue.view_inventory');
      const scope = await storeScope(deps.db, auth, p.store);
      return ok(await inventoryRevenue(deps.db, auth.businessId, scope, p.start, p.end));
    },
  );

  app.get(
    '/v1/dashboard/sales/revenue/:business/:start/:end/:id',
    {
      schema: {
        tags,
        summary: 'Sales in a range of Lagos days, with the previous period of the same length',
        description: 'Needs home.total_sales_amount. id: a store id or "all" (the caller\'s stores).',
        params: rangeByIdParams,
        response: { 200: envelope(salesRevenueData) },
      },
    },
    async (request) => {
      const p = request.params;
      const auth = allowed(request, p.business, 'home.total_sales_amount');
      const scope = await storeScope(deps.db, auth, p.id);
      return ok(await salesRevenue(deps.db, auth.businessId, scope, p.start, p.end));
    },
  );

  app.get(
    '/v1/dashboard/customer/:business/:start/:end/:id',
    {
      schema: {
        tags,
        summary: 'Customers who bought, new customers, customers vs walk-ins, top customers',
        description: 'Needs customers.view. id: a store id or "all" (the caller\'s stores).',
        params: rangeByIdParams,
        response: { 200: envelope(customerAnalyticsData) },
      },
    },
    async (request) => {
      const p = request.params;
      const auth = allowed(request, p.business, 'customers.view');
      const scope = await storeScope(deps.db, auth, p.id);
      return ok(await customerAnalytics(deps.db, auth.businessId, scope, p.start, p.end));
    },
  );

  app.get(
    '/v1/dashboard/gettransactionanalytics/:business',
    {
      schema: {
        tags,
        summary: "Sales today, this week (from Monday) and this month, in the caller's stores",
        description: 'Needs home.total_sales_amount.',
        params: dashboardBusinessParams,
        response: { 200: envelope(transactionAnalyticsData) },
      },
    },
    async (request) => {
      const auth = allowed(request, request.params.business, 'home.total_sales_amount');
      return ok(await transactionAnalytics(deps.db, auth.businessId, await storeScope(deps.db, auth, 'all')));
    },
  );

  app.get(
    '/v2/dashboard/gettransactionanalytics/:business',
    {
      schema: {
        tags,
        summary:
          'Sales between startdate and enddate (days of the business, default today) in storeIds, brought by salesAgentCodes when given',
        description:
          "Needs home.total_sales_amount. storeIds: comma list or repeated; none = the caller's stores.",
        params: dashboardBusinessParams,
        querystring: transactionAnalyticsV2Query,
        response: { 200: envelope(transactionAnalyticsV2Data) },
      },
    },
    async (request) => {
      const q = request.query;
      const auth = allowed(request, request.params.business, 'home.total_sales_amount');
      const scope = await storesScope(deps.db, auth, q.storeIds);
      return ok(
        await transactionAnalyticsV2(
          deps.db,
          auth.businessId,
          scope,
          q.startdate,
          q.enddate,
          q.salesAgentCodes,
        ),
      );
    },
  );

  app.get(
    '/v1/dashboard/getgraphnalytics/:business',
    {
      schema: {
        tags,
        summary:
          'One point per Lagos day for the last number_of_days days (default 7), days without sales as zeros',
        description: "Needs home.total_sales_amount. Covers the caller's stores.",
        params: dashboardBusinessParams,
        querystring: graphQuery,
        response: { 200: envelope(graphData) },
      },
    },
    async (request) => {
      const auth = allowed(request, request.params.business, 'home.total_sales_amount');
      const scope = await storeScope(deps.db, auth, 'all');
      return ok(await graph(deps.db, auth.businessId, scope, request.query.number_of_days));
    },
  );
};
