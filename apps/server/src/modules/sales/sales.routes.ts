import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessIdParams,
  createSaleBody,
  envelope,
  offlineSalesBatch,
  payLaterBody,
  payLaterParams,
  confirmTransferParams,
  receiptQuery,
  receiptSentData,
  refundBody,
  sale,
  saleDetailParams,
  saleIdParams,
  saleListQuery,
  salePage,
  salesSyncData,
  salesSyncParams,
  salesSyncQuery,
  saveTicketBody,
  ticket,
  ticketIdParams,
  ticketListData,
  ticketListQuery,
  unpaidParams,
  unpaidSalesData,
  uploadResponse,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { anyPermission, assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { confirmTransferByHand } from '../../flows/confirm-transfer-payments.js';
import { payLater } from '../../flows/pay-later.js';
import { recordSale } from '../../flows/record-sale.js';
import { refundSale } from '../../flows/refund-sale.js';
import { syncOfflineSales } from '../../flows/sync-offline-sales.js';
import { uploadFailureLog } from '../../lib/upload-batch.js';
import { sendReceipt } from './receipts.service.js';
import { listSales, saleDetail, unpaidSales } from './sale-reads.service.js';
import { syncSales } from './sales-sync.service.js';
import { deleteTicket, listTickets, saveTicket } from './tickets.service.js';

const tags = ['sales'];

/** Sales at the counter (spec 001 §7 "Sales"); contracts in packages/contracts/src/sales. */
export const salesRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const saleCreated = { 200: envelope(sale), 201: envelope(sale) };

  app.post(
    '/v1/sales/',
    {
      preHandler: permission('pos.make_sale'),
      schema: {
        tags,
        summary: 'Record a sale (same _id twice = one sale)',
        body: createSaleBody,
        response: saleCreated,
      },
    },
    async (request, reply) => {
      const { sale: data, created } = await recordSale(deps.db, authOf(request), request.body);
      return reply.status(created ? 201 : 200).send(ok(data, 'Sale recorded'));
    },
  );

  app.post(
    '/v2/business/:businessId/sales',
    {
      preHandler: permission('pos.make_sale'),
      schema: {
        tags,
        summary: 'Record a sale (same _id twice = one sale)',
        params: businessIdParams,
        body: createSaleBody,
        response: saleCreated,
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const { sale: data, created } = await recordSale(deps.db, auth, request.body);
      return reply.status(created ? 201 : 200).send(ok(data, 'Sale recorded'));
    },
  );

  for (const path of [
    '/v1/sales/businesses/:businessId/store/:id/unpaid/',
    '/v1/sales/businesses/:businessId/store/:id/unpaid',
  ])
    app.get(
      path,
      {
        preHandler: permission('pos.make_sale'),
        schema: {
          tags,
          summary: 'Unpaid and partly paid sales of a store',
          params: unpaidParams,
          response: { 200: envelope(unpaidSalesData) },
        },
      },
      async (request) => {
        const auth = assertOwnBusiness(request, request.params.businessId);
        return ok(await unpaidSales(deps.db, auth, request.params.id));
      },
    );

  app.patch(
    '/v1/sales/:saleId/businesses/:businessId/payment/:method',
    {
      preHandler: permission('pos.make_sale'),
      schema: {
        tags,
        summary: 'Pay (part of) what a sale still owes',
        params: payLaterParams,
        body: payLaterBody,
        response: { 200: envelope(sale) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await payLater(deps.db, auth, request.params.saleId, request.params.method, request.body);
      return ok(data, data.balance > 0 ? 'Payment recorded' : 'Sale paid in full');
    },
  );

  app.post(
    '/v1/sales/:id/payments/:paymentId/confirm',
    {
      preHandler: permission('transactions.manage_payments'),
      schema: {
        tags,
        summary: 'Confirm by hand a bank transfer (fixed) payment whose transfer did not match',
        params: confirmTransferParams,
        response: { 200: envelope(sale) },
      },
    },
    async (request) =>
      ok(
        await confirmTransferByHand(deps.db, authOf(request), request.params.id, request.params.paymentId),
        'Transfer confirmed',
      ),
  );

  app.post(
    '/v1/sales/:id/refunds',
    {
      preHandler: permission('pos.make_sale'),
      schema: {
        tags,
        summary: 'Refund some units of some lines',
        params: saleIdParams,
        body: refundBody,
        response: { 201: envelope(sale) },
      },
    },
    async (request, reply) => {
      const data = await refundSale(deps.db, authOf(request), request.params.id, request.body);
      return reply.status(201).send(ok(data, 'Refund recorded'));
    },
  );

  for (const path of ['/v1/sales/:id/receipts/', '/v1/sales/:id/receipts'])
    app.post(
      path,
      {
        preHandler: anyPermission('sales_history.reissue_receipts', 'pos.make_sale'),
        schema: {
          tags,
          summary: 'E-mail the receipt (to ?email, else the customer)',
          params: saleIdParams,
          querystring: receiptQuery,
          response: { 200: envelope(receiptSentData) },
        },
      },
      async (request) => {
        const data = await sendReceipt(deps, authOf(request), request.params.id, request.query.email);
        return ok(data, `Receipt sent to ${data.sent_to}`);
      },
    );

  app.get(
    '/v1/sales/businesses/:businessId/:storeIdOrAll',
    {
      preHandler: permission('sales_history.view'),
      schema: {
        tags,
        summary: 'Sales history for the device: with updated_at, only what changed since',
        params: salesSyncParams,
        querystring: salesSyncQuery,
        response: { 200: envelope(salesSyncData) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await syncSales(deps.db, auth, request.params.storeIdOrAll, request.query));
    },
  );

  app.get(
    '/v2/business/:businessId/sales',
    {
      preHandler: permission('sales_history.view'),
      schema: {
        tags,
        summary: 'A page of sales, newest first, with filters',
        params: businessIdParams,
        querystring: saleListQuery,
        response: { 200: envelope(salePage) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await listSales(deps.db, auth, request.query));
    },
  );

  app.get(
    '/v1/sales/:id/businesses/:businessId',
    {
      preHandler: anyPermission('sales_history.view', 'pos.make_sale'),
      schema: {
        tags,
        summary: 'A sale with its lines, payments and refunds',
        params: saleDetailParams,
        response: { 200: envelope(sale) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await saleDetail(deps.db, auth, request.params.id));
    },
  );

  app.get(
    '/v2/business/:businessId/tickets',
    {
      preHandler: permission('pos.manage_tickets'),
      schema: {
        tags,
        summary: 'Parked sales (tickets)',
        params: businessIdParams,
        querystring: ticketListQuery,
        response: { 200: envelope(ticketListData) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await listTickets(deps.db, auth, request.query.store));
    },
  );

  app.post(
    '/v2/business/:businessId/tickets',
    {
      preHandler: permission('pos.manage_tickets'),
      schema: {
        tags,
        summary: 'Park a sale as a ticket (same _id again replaces it)',
        params: businessIdParams,
        body: saveTicketBody,
        response: { 200: envelope(ticket), 201: envelope(ticket) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const { ticket: data, created } = await saveTicket(deps.db, auth, request.body);
      return reply.status(created ? 201 : 200).send(ok(data, 'Ticket saved'));
    },
  );

  app.delete(
    '/v2/business/:businessId/tickets/:id',
    {
      preHandler: permission('pos.manage_tickets'),
      schema: {
        tags,
        summary: 'Delete a ticket (resumed or abandoned)',
        params: ticketIdParams,
        response: { 200: envelope(z.object({ _id: z.string() })) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      await deleteTicket(deps.db, auth, request.params.id);
      return ok({ _id: request.params.id }, 'Ticket deleted');
    },
  );

  // Uploads of the offline engine (spec 000 §4, §7.4; decision 0004): sales made on a device,
  // each answered on its own in the order sent. 200 with `{results}` whenever the batch itself is
  // well formed; 503 when the server could not finish (send the batch again).
  const uploadTags = ['sync'];
  const salesAnswer = { 200: envelope(uploadResponse(sale)) };
  for (const path of ['/v1/sales/syncsale/', '/v1/sales/syncsale'])
    app.post(
      path,
      {
        preHandler: permission('pos.make_sale'),
        schema: {
          tags: uploadTags,
          summary: 'Upload sales made offline (idempotent on each _id; each answered on its own)',
          body: offlineSalesBatch,
          response: salesAnswer,
        },
      },
      async (request) =>
        ok(
          await syncOfflineSales(
            deps.db,
            authOf(request),
            request.body.sales as unknown[],
            uploadFailureLog(request),
          ),
          'Sales synced',
        ),
    );

  app.post(
    '/v2/business/:businessId/sales/offline/sync',
    {
      preHandler: permission('pos.make_sale'),
      schema: {
        tags: uploadTags,
        summary: 'Upload sales made offline (idempotent on each _id; each answered on its own)',
        params: businessIdParams,
        body: offlineSalesBatch,
        response: salesAnswer,
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(
        await syncOfflineSales(deps.db, auth, request.body.sales as unknown[], uploadFailureLog(request)),
        'Sales synced',
      );
    },
  );
};
