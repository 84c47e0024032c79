import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessIdParams,
  countIdParams,
  countItemsQuery,
  countListQuery,
  enterCountsBody,
  envelope,
  startCountBody,
  stockCount,
  stockCountDetail,
  stockCountPage,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { assertOwnBusiness, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import {
  acceptCount,
  cancelCount,
  enterCounts,
  getCount,
  listCounts,
  startCount,
  submitCount,
} from './counts.service.js';

const tags = ['inventory'];
const BASE = '/v1/businesses/:businessId/stocks/counts';
const canCount = permission('inventory.stock_counts');

/**
 * Stock counts (spec 001 §7): the spec's paths end with "/"; the same path without it works too.
 * completed and cancelled counts are read-only (409).
 */
export const countsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  for (const slash of ['/', ''] as const) {
    app.get(
      `${BASE}${slash}`,
      {
        preHandler: canCount,
        schema: {
          tags,
          summary: 'Stock counts, newest first (filters: status, store)',
          params: businessIdParams,
          querystring: countListQuery,
          response: { 200: envelope(stockCountPage) },
        },
      },
      async (request) => {
        const auth = assertOwnBusiness(request, request.params.businessId);
        return ok(await listCounts(deps.db, auth, request.query));
      },
    );

    app.post(
      `${BASE}${slash}`,
      {
        preHandler: canCount,
        schema: {
          tags,
          summary:
            'Start a count of a store or a category (subcategories included): snapshots expected quantities',
          params: businessIdParams,
          body: startCountBody,
          response: { 201: envelope(stockCountDetail) },
        },
      },
      async (request, reply) => {
        const auth = assertOwnBusiness(request, request.params.businessId);
        const data = await startCount(deps.db, auth, request.body);
        return reply.status(201).send(ok(data, `Stock count ${data.count_number} started`));
      },
    );

    app.get(
      `${BASE}/:id${slash}`,
      {
        preHandler: canCount,
        schema: {
          tags,
          summary: 'One count with a page of its items: expected, counted and difference',
          params: countIdParams,
          querystring: countItemsQuery,
          response: { 200: envelope(stockCountDetail) },
        },
      },
      async (request) => {
        const auth = assertOwnBusiness(request, request.params.businessId);
        return ok(await getCount(deps.db, auth, request.params.id, request.query));
      },
    );

    app.put(
      `${BASE}/:id${slash}`,
      {
        preHandler: canCount,
        schema: {
          tags,
          summary: 'Save counted quantities (partial saves allowed while in progress)',
          params: countIdParams,
          body: enterCountsBody,
          response: { 200: envelope(stockCount) },
        },
      },
      async (request) => {
        const auth = assertOwnBusiness(request, request.params.businessId);
        return ok(await enterCounts(deps.db, auth, request.params.id, request.body), 'Count saved');
      },
    );

    const steps = [
      ['submit', submitCount, 'Submit a count in progress for review', 'Count submitted'],
      [
        'accept',
        acceptCount,
        'Accept a submitted count: stock becomes the counted quantities',
        'Count accepted',
      ],
      ['cancel', cancelCount, 'Cancel a count in progress or submitted', 'Count cancelled'],
    ] as const;
    for (const [path, run, summary, message] of steps)
      app.post(
        `${BASE}/:id/${path}${slash}`,
        {
          preHandler: canCount,
          schema: { tags, summary, params: countIdParams, response: { 200: envelope(stockCount) } },
        },
        async (request) => {
          const auth = assertOwnBusiness(request, request.params.businessId);
          return ok(await run(deps.db, auth, request.params.id), message);
        },
      );
  }
};
