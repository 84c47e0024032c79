import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  onlineCatalogue,
  onlineCatalogueItem,
  onlineCatalogueQuery,
  onlineStore,
  onlineStoreParams,
  updateOnlineCatalogueBody,
  updateOnlineStoreBody,
} from '@ms/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../lib/errors.js';
import { anyPermission, assertOwnBusiness, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { listCatalogue, updateCatalogue } from './online-catalogue.js';
import { loadOnlineStore, updateOnlineStore } from './online-store.repository.js';
import { shopRoutes } from './shop.routes.js';
import { shopPageRoutes } from './shop-page.routes.js';

const tags = ['online store'];

/**
 * The online store's settings and catalogue (spec 001 §2 tab-online-catalogue, §6 "Online store";
 * issue 15), the storefront's public calls and its pages.
 */
export const onlineStoreRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/v1/online-store/businesses/:businessId',
    {
      preHandler: anyPermission(
        'online_store.catalogue',
        'online_store.shipping_fees',
        'online_store.view_orders',
        'online_store.manage_orders',
      ),
      schema: {
        tags,
        summary: 'The online store: on or off, its address, the store it sells from, delivery fees',
        params: onlineStoreParams,
        response: { 200: envelope(onlineStore) },
      },
    },
    async (request) =>
      ok(await loadOnlineStore(deps.db, assertOwnBusiness(request, request.params.businessId).businessId)),
  );

  app.patch(
    '/v1/online-store/businesses/:businessId',
    {
      preHandler: anyPermission('online_store.catalogue', 'online_store.shipping_fees'),
      schema: {
        tags,
        summary: "Change the shop's details (catalogue) or its delivery fees (shipping fees)",
        params: onlineStoreParams,
        body: updateOnlineStoreBody,
        response: { 200: envelope(onlineStore) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const { delivery_zones, ...details } = request.body;
      const may = (key: string) => auth.isAdmin || auth.permissions.has(key);
      if (delivery_zones !== undefined && !may('online_store.shipping_fees'))
        throw forbidden('Your role cannot change delivery fees.');
      if (Object.values(details).some((v) => v !== undefined) && !may('online_store.catalogue'))
        throw forbidden("Your role cannot change the shop's details.");
      return ok(await updateOnlineStore(deps.db, auth.businessId, request.body), 'Online store saved');
    },
  );

  app.get(
    '/v1/online-store/businesses/:businessId/products',
    {
      preHandler: permission('online_store.catalogue'),
      schema: {
        tags,
        summary: 'Every product with its online terms: published, online price and description, available',
        params: onlineStoreParams,
        querystring: onlineCatalogueQuery,
        response: { 200: envelope(onlineCatalogue) },
      },
    },
    async (request) =>
      ok(
        await listCatalogue(
          deps.db,
          assertOwnBusiness(request, request.params.businessId).businessId,
          request.query,
        ),
      ),
  );

  app.patch(
    '/v1/online-store/businesses/:businessId/products',
    {
      preHandler: permission('online_store.catalogue'),
      schema: {
        tags,
        summary: 'Publish or unpublish products, set their online price or description',
        params: onlineStoreParams,
        body: updateOnlineCatalogueBody,
        response: { 200: envelope(z.object({ items: z.array(onlineCatalogueItem) })) },
      },
    },
    async (request) =>
      ok(
        await updateCatalogue(
          deps.db,
          assertOwnBusiness(request, request.params.businessId).businessId,
          request.body,
        ),
        'Catalogue saved',
      ),
  );

  await app.register(shopRoutes, deps);
  await app.register(shopPageRoutes, deps);
};
