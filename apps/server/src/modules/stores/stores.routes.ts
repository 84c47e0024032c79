import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessIdParams,
  createStoreBody,
  envelope,
  onlineStoreToggleData,
  store,
  storeIdParams,
  storePage,
  storePageQuery,
  storeSyncData,
  syncQuery,
  updateStoreBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { publishAfterWrites } from '../changes/index.js';
import { notFound } from '../../lib/errors.js';
import { adminOnly, assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok, sendJsonText } from '../../plugins/envelope.js';
import { toggleOnlineStore } from '../business/index.js';
import { ensureOnlineStore } from '../online-store/index.js';
import { createStore, editStore, listStorePage, syncStores } from './stores.service.js';

const tags = ['stores'];

/** Stores of the caller's business (spec 001 §7 "Stores and terminals"). */
export const storesRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  publishAfterWrites(app, deps, { topic: 'stores' });
  app.get(
    '/v1/stores/businesses/:businessId',
    {
      schema: {
        tags,
        summary: 'Stores for the offline table; with updated_at, only what changed since',
        params: businessIdParams,
        querystring: syncQuery,
        response: { 200: envelope(storeSyncData) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return sendJsonText(reply, await syncStores(deps.db, auth, request.query.updated_at));
    },
  );

  app.get(
    '/v2/stores/businesses/:businessId',
    {
      preHandler: permission('settings.stores'),
      schema: {
        tags,
        summary: 'A page of stores with their employee counts',
        params: businessIdParams,
        querystring: storePageQuery,
        response: { 200: envelope(storePage) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await listStorePage(deps.db, auth, request.query));
    },
  );

  app.post(
    '/v1/stores/',
    {
      preHandler: permission('settings.stores'),
      schema: { tags, summary: 'Add a store', body: createStoreBody, response: { 201: envelope(store) } },
    },
    async (request, reply) => {
      const data = await createStore(deps.db, authOf(request), request.body);
      return reply.status(201).send(ok(data, 'Store created'));
    },
  );

  app.patch(
    '/v2/stores/:id',
    {
      preHandler: permission('settings.stores'),
      schema: {
        tags,
        summary: "Edit a store's details or (de)activate it",
        params: storeIdParams,
        body: updateStoreBody,
        response: { 200: envelope(store) },
      },
    },
    async (request) =>
      ok(await editStore(deps.db, authOf(request), request.params.id, request.body), 'Store updated'),
  );

  app.post(
    '/v1/stores/onlinestore/:businessId/toggle',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Turn the online store on or off',
        params: businessIdParams,
        response: { 200: envelope(onlineStoreToggleData) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      // The shop's address and settings exist before it opens (a shop needs a store to sell from).
      await ensureOnlineStore(deps.db, auth.businessId);
      const enabled = await toggleOnlineStore(deps.db, auth.businessId);
      if (enabled === undefined) throw notFound('Business');
      return ok(
        { online_store_enabled: enabled },
        enabled ? 'Online store turned on' : 'Online store turned off',
      );
    },
  );
};
