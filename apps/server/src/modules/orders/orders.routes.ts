import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addOrderFeeBody,
  envelope,
  order,
  orderBusinessParams,
  orderList,
  orderListQuery,
  orderParams,
  orderPayInstructions,
  orderPaymentMethodParams,
  recordOrderPaymentBody,
  updateOrderBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { updateOrderStatus } from '../../flows/update-order-status.js';
import { anyPermission, assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { orderPayInstructionsFor } from './order-payments.js';
import { addOrderFee, getOrder, listOrders, recordOrderPayment } from './orders.service.js';

const tags = ['orders'];
const viewers = anyPermission('online_store.view_orders', 'online_store.manage_orders');

/** Orders of the online store (spec 001 §7 "Orders"; issue 15). The business is always the caller's. */
export const ordersRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/v1/orders/businesses/:businessId',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'Orders, newest first, filtered and paged, with counts and totals per status',
        params: orderBusinessParams,
        querystring: orderListQuery,
        response: { 200: envelope(orderList) },
      },
    },
    async (request) =>
      ok(await listOrders(deps.db, assertOwnBusiness(request, request.params.businessId), request.query)),
  );

  app.get(
    '/v1/orders/businesses/:businessId/:id',
    {
      preHandler: viewers,
      schema: { tags, summary: 'One order', params: orderParams, response: { 200: envelope(order) } },
    },
    async (request) =>
      ok(await getOrder(deps.db, assertOwnBusiness(request, request.params.businessId), request.params.id)),
  );

  app.get(
    '/v1/orders/businesses/:businessId/:orderId/payment/:method',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'How to pay this order by transfer: its own account at the bank, opened the first time',
        params: orderPaymentMethodParams,
        response: { 200: envelope(orderPayInstructions) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const found = await getOrder(deps.db, auth, request.params.orderId);
      return ok(await orderPayInstructionsFor(deps, auth.businessId, found));
    },
  );

  app.patch(
    '/v1/orders/addfee/',
    {
      preHandler: permission('online_store.shipping_fees'),
      schema: {
        tags,
        summary: 'Add a fee (delivery, packaging) to an order; the same _id twice adds it once',
        body: addOrderFeeBody,
        response: { 200: envelope(order) },
      },
    },
    async (request) => ok(await addOrderFee(deps.db, authOf(request), request.body), 'Fee added'),
  );

  app.patch(
    '/v1/orders/recordpayment/',
    {
      preHandler: permission('online_store.manage_orders'),
      schema: {
        tags,
        summary: 'Record money received for an order by hand; the same _id twice records it once',
        body: recordOrderPaymentBody,
        response: { 200: envelope(order) },
      },
    },
    async (request) =>
      ok(await recordOrderPayment(deps.db, authOf(request), request.body), 'Payment recorded'),
  );

  app.patch(
    '/v1/orders/update/',
    {
      preHandler: permission('online_store.manage_orders'),
      schema: {
        tags,
        summary: 'Move an order to its next status (409 for a step not allowed); stock and sales follow',
        body: updateOrderBody,
        response: { 200: envelope(order) },
      },
    },
    async (request) => ok(await updateOrderStatus(deps, authOf(request), request.body), 'Order updated'),
  );
};
