import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  placeOrderBody,
  publicOrder,
  shop,
  shopOrderParams,
  shopParams,
  shopPayInstructions,
} from '@ms/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { placeOrder } from '../../flows/place-order.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../plugins/envelope.js';
import { orderByToken, orderPayInstructionsFor, toPublicOrder } from '../orders/index.js';
import { loadShop } from './shop.queries.js';

const tags = ['storefront (public)'];

/**
 * The storefront's calls (issue 15): no account, limited per client address. An open shop by its
 * address; the checkout; an order by the unguessable token of its link, and how to pay it. Nothing of
 * another business, and of this one only what its shop publishes.
 */
export const shopRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const limit = (request: FastifyRequest, what: string, count: number) =>
    deps.rateLimiter.hit(`shop-${what}:${request.ip}`, count, 10 * 60);
  const orderOf = async (request: FastifyRequest, token: string) => {
    await limit(request, 'order', 600);
    const found = await orderByToken(deps.db, token);
    if (!found) throw notFound('Order');
    return found;
  };

  app.get(
    '/v1/shop/:slug',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'An open shop: its published products and how it delivers',
        params: shopParams,
        response: { 200: envelope(shop) },
      },
    },
    async (request) => {
      await limit(request, 'read', 1_200);
      const found = await loadShop(deps.db, request.params.slug);
      if (!found) throw notFound('Shop');
      return ok(found);
    },
  );

  app.post(
    '/v1/shop/:slug/orders',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Place an order (the checkout); the _id made on the shopper's phone places it once",
        params: shopParams,
        body: placeOrderBody,
        response: { 200: envelope(publicOrder), 201: envelope(publicOrder) },
      },
    },
    async (request, reply) => {
      await limit(request, 'checkout', 30);
      const { order, created } = await placeOrder(deps, request.params.slug, request.body, request.ip);
      return reply
        .status(created ? 201 : 200)
        .send(ok(order, created ? 'Order placed' : 'Order already placed'));
    },
  );

  app.get(
    '/v1/shop/orders/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The order a link names',
        params: shopOrderParams,
        response: { 200: envelope(publicOrder) },
      },
    },
    async (request) => {
      const { order, shop: s } = await orderOf(request, request.params.token);
      return ok(toPublicOrder(order, s, request.params.token));
    },
  );

  app.get(
    '/v1/shop/orders/:token/payment/transfer',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'How to pay the order a link names: its own account at the bank',
        params: shopOrderParams,
        response: { 200: envelope(shopPayInstructions) },
      },
    },
    async (request) => {
      const { businessId, order } = await orderOf(request, request.params.token);
      const { method: _method, ...how } = await orderPayInstructionsFor(deps, businessId, order);
      return ok(how);
    },
  );
};
