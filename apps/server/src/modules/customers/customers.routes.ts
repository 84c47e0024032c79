import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessIdParams,
  createCustomerBody,
  customer,
  customerDetail as customerDetailSchema,
  customerIdParams,
  customerPage,
  customerPageQuery,
  customerSyncData,
  envelope,
  offlineCustomersBatch,
  syncQuery,
  updateCustomerBody,
  uploadResponse,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { publishAfterWrites } from '../changes/index.js';
import { assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { createCustomerLinkingSales } from '../../flows/link-offline-customer.js';
import { syncOfflineCustomers } from '../../flows/sync-offline-customers.js';
import { uploadFailureLog } from '../../lib/upload-batch.js';
import { customerDetail, editCustomer, listCustomerPage, syncCustomers } from './customers.service.js';

const tags = ['customers'];

/** Customers of the caller's business (spec 001 §7 "Customers"). */
export const customersRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  publishAfterWrites(app, deps, { topic: 'customers' });
  app.get(
    '/v2/customers/businesses/:businessId',
    {
      preHandler: permission('customers.view'),
      schema: {
        tags,
        summary: 'Customers for the offline table; with updated_at, only what changed since',
        params: businessIdParams,
        querystring: syncQuery,
        response: { 200: envelope(customerSyncData) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await syncCustomers(deps.db, auth, request.query.updated_at));
    },
  );

  app.get(
    '/v2/customers/businesses/:businessId/list',
    {
      preHandler: permission('customers.view'),
      schema: {
        tags,
        summary: 'A page of customers, searchable by name, phone or e-mail',
        params: businessIdParams,
        querystring: customerPageQuery,
        response: { 200: envelope(customerPage) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await listCustomerPage(deps.db, auth, request.query));
    },
  );

  app.post(
    '/v1/customers/',
    {
      preHandler: permission('customers.manage'),
      schema: {
        tags,
        summary: 'Add a customer (idempotent on a device-made _id)',
        body: createCustomerBody,
        response: { 200: envelope(customer), 201: envelope(customer) },
      },
    },
    async (request, reply) => {
      const { customer: data, created } = await createCustomerLinkingSales(
        deps.db,
        authOf(request),
        request.body,
      );
      return reply
        .status(created ? 201 : 200)
        .send(ok(data, created ? 'Customer created' : 'Customer already saved'));
    },
  );

  app.get(
    '/v1/customers/:id',
    {
      preHandler: permission('customers.view'),
      schema: {
        tags,
        summary: 'A customer with their points and store credit',
        params: customerIdParams,
        response: { 200: envelope(customerDetailSchema) },
      },
    },
    async (request) => ok(await customerDetail(deps.db, authOf(request), request.params.id)),
  );

  app.patch(
    '/v1/customers/:id',
    {
      preHandler: permission('customers.manage'),
      schema: {
        tags,
        summary: "Edit a customer's details",
        params: customerIdParams,
        body: updateCustomerBody,
        response: { 200: envelope(customer) },
      },
    },
    async (request) =>
      ok(await editCustomer(deps.db, authOf(request), request.params.id, request.body), 'Customer updated'),
  );

  // Upload of the offline engine (spec 000 §4, §7.4; decision 0004): customers made on a device,
  // each answered on its own in the order sent; 503 when the server could not finish (send again).
  app.post(
    '/v1/customers/syncnewofflinecustomers',
    {
      preHandler: permission('customers.manage'),
      schema: {
        tags: ['sync'],
        summary: 'Upload customers made offline (idempotent on each _id; each answered on its own)',
        body: offlineCustomersBatch,
        response: { 200: envelope(uploadResponse(customer)) },
      },
    },
    async (request) =>
      ok(
        await syncOfflineCustomers(
          deps.db,
          authOf(request),
          request.body.customers as unknown[],
          uploadFailureLog(request),
        ),
        'Customers synced',
      ),
  );
};
