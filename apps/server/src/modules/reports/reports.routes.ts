import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerSalesQuery,
  employeeReportQuery,
  employeeSummaryParams,
  reportBusinessParams,
  reportRangeQuery,
  reportStoresBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import {
  customerReportCsv,
  customerSalesCsv,
  employeeCsv,
  employeeSummary,
  employeeSummaryCsv,
  productCsv,
  reportScope,
  salesByCustomerReport,
  salesByEmployee,
  salesByProduct,
  salesOfCustomer,
  seesCost,
  withoutCost,
} from './reports.service.js';

const tags = ['reports'];

/** Answers JSON in the envelope, or CSV (with a header row) when the query asks `format=csv`. */
const answer = <T>(
  reply: FastifyReply,
  format: string | undefined,
  data: T,
  csv: (d: T) => string,
  filename: string,
) =>
  format === 'csv'
    ? reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}.csv"`)
        .send(csv(data))
    : reply.send(ok(data));

const suffix = (
  q: { startdate?: string | undefined; enddate?: string | undefined },
  d: { startdate: string; enddate: string },
) => `${q.startdate ?? d.startdate}_${q.enddate ?? d.enddate}`;

/** Sales reports (spec 001 §7 "Customers" and "Sales"); contracts in packages/contracts/src/reports. */
export const reportsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const view = permission('sales_history.view');

  app.post(
    '/v1/businesses/:businessId/reports/getsalesbyproduct',
    {
      preHandler: view,
      schema: {
        tags,
        summary: 'Sales by product and variety: sold, refunded, net sales, cost, profit',
        description:
          'Cost and profit (fields and CSV columns) only for admin or a role with catalogue.view_inventory.',
        params: reportBusinessParams,
        querystring: reportRangeQuery,
        body: reportStoresBody,
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const q = request.query;
      const sc = await reportScope(deps.db, auth, q, request.body.store_ids ?? q.store_ids);
      const report = await salesByProduct(deps.db, sc);
      const data = seesCost(auth) ? report : withoutCost(report);
      return answer(reply, q.format, data, productCsv, `sales-by-product_${suffix(q, data)}`);
    },
  );

  app.get(
    '/v1/businesses/:businessId/reports/salesbyemployee',
    {
      preHandler: view,
      schema: {
        tags,
        summary: 'Sales by employee; with employeeid, that employee day by day',
        params: reportBusinessParams,
        querystring: employeeReportQuery,
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const q = request.query;
      const sc = await reportScope(deps.db, auth, q, q.store_ids);
      const data = await salesByEmployee(deps.db, sc, q.employeeid?.toLowerCase());
      return answer(reply, q.format, data, employeeCsv, `sales-by-employee_${suffix(q, data)}`);
    },
  );

  app.get(
    '/v1/sales/employee/:id/summary',
    {
      schema: {
        tags,
        summary: "One employee's sales for a range (default today); your own, or any with sales_history.view",
        params: employeeSummaryParams,
        querystring: reportRangeQuery,
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const q = request.query;
      const sc = await reportScope(deps.db, auth, q, q.store_ids);
      const data = await employeeSummary(deps.db, auth, sc, request.params.id.toLowerCase());
      return answer(reply, q.format, data, employeeSummaryCsv, `employee-summary_${suffix(q, data)}`);
    },
  );

  app.get(
    '/v1/sales/salesbycustomer/:businessId',
    {
      preHandler: view,
      schema: {
        tags,
        summary: "A customer's sales: count, total, last purchase and the list",
        params: reportBusinessParams,
        querystring: customerSalesQuery,
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await salesOfCustomer(deps.db, auth, request.query.customerid.toLowerCase());
      return answer(reply, request.query.format, data, customerSalesCsv, 'customer-sales');
    },
  );

  app.post(
    '/v1/customers/reports/salesbycustomer/business/:businessId',
    {
      preHandler: view,
      schema: {
        tags,
        summary: 'Sales by customer: number of sales, total, last purchase',
        params: reportBusinessParams,
        querystring: reportRangeQuery,
        body: reportStoresBody,
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const q = request.query;
      const sc = await reportScope(deps.db, auth, q, request.body.store_ids ?? q.store_ids);
      const data = await salesByCustomerReport(deps.db, sc);
      return answer(reply, q.format, data, customerReportCsv, `sales-by-customer_${suffix(q, data)}`);
    },
  );
};
