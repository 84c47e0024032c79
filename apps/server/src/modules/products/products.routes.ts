import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  barcodeMatch,
  barcodeQuery,
  bulkApplyBody,
  bulkPatchBody,
  bulkResult,
  businessIdParams,
  createProductBody,
  envelope,
  modifiersWithVariantsBody,
  patchProductBody,
  product,
  productIdParams,
  productListQuery,
  productPage,
  productRef,
  productSyncData,
  productSyncQuery,
  productV1Params,
  setStocksBody,
  setStocksResult,
  updateProductBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { publishAfterWrites } from '../changes/index.js';
import { assertOwnBusiness, permission } from '../../plugins/auth.js';
import { ok, sendJsonText } from '../../plugins/envelope.js';
import { bulkApply, bulkPatch } from './product-bulk.service.js';
import { createProduct } from './product-create.service.js';
import {
  getProduct,
  listProducts,
  productByBarcode,
  syncProducts,
  visibleStoresOf,
} from './product-reads.service.js';
import { setStocks } from './product-stock.service.js';
import { deleteProduct, updateProduct } from './product-update.service.js';

const tags = ['products'];

/** Products (spec 001 §7 "Products, options, tags, modifiers" and "Products (v1)"). */
export const productsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  publishAfterWrites(app, deps, { topic: 'products' });
  const { db } = deps;

  app.get(
    '/v2/business/:businessId/products',
    {
      preHandler: permission('catalogue.view_product'),
      schema: {
        tags,
        summary: 'A page of products: search, filters (productType may repeat), sort, with the total',
        params: businessIdParams,
        querystring: productListQuery,
        response: { 200: envelope(productPage) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return sendJsonText(reply, await listProducts(db, auth, request.query));
    },
  );

  for (const [url, hide] of [
    ['/v2/business/:businessId/products/sync/list', false],
    ['/v2/businesses/:businessId/products', false],
  ] as const) {
    app.get(
      url,
      {
        preHandler: permission('catalogue.view_product'),
        schema: {
          tags,
          hide,
          summary:
            'Incremental download: products changed since updated_at and the ids removed, page by page ' +
            '(ask again with lastUpdate while hasMore)',
          params: businessIdParams,
          querystring: productSyncQuery,
          response: { 200: envelope(productSyncData) },
        },
      },
      async (request, reply) => {
        const auth = assertOwnBusiness(request, request.params.businessId);
        return sendJsonText(reply, await syncProducts(db, auth.businessId, request.query));
      },
    );
  }

  app.get(
    '/v2/business/:businessId/products/:id',
    {
      preHandler: permission('catalogue.view_product'),
      schema: {
        tags,
        summary: 'One product with its varieties and stock per store',
        params: productIdParams,
        response: { 200: envelope(product) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await getProduct(db, auth.businessId, request.params.id, visibleStoresOf(auth)));
    },
  );

  const createRoutes = [
    ['/v2/business/:businessId/products/', false],
    ['/v2/business/:businessId/products', true],
    ['/v1/businesses/:businessId/products', false],
    ['/v1/businesses/:businessId/products/', true],
    ['/v2/business/:businessId/products/modifiers-with-variants', false],
  ] as const;
  for (const [url, hide] of createRoutes) {
    app.post(
      url,
      {
        preHandler: permission('catalogue.create_product'),
        schema: {
          tags,
          hide,
          summary: 'Add a product (with varieties, modifier sets and opening stock per store)',
          params: businessIdParams,
          body: createProductBody,
          response: { 201: envelope(product) },
        },
      },
      async (request, reply) => {
        const auth = assertOwnBusiness(request, request.params.businessId);
        const data = await createProduct(db, auth, request.body);
        return reply.status(201).send(ok(data, 'Product created'));
      },
    );
  }

  app.put(
    '/v2/business/:businessId/products/:id',
    {
      preHandler: permission('catalogue.edit_product'),
      schema: {
        tags,
        summary: 'Edit a product; updated_at is the one the editor loaded (409 when it changed since)',
        params: productIdParams,
        body: updateProductBody,
        response: { 200: envelope(product) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await updateProduct(db, auth, request.params.id, request.body), 'Product updated');
    },
  );

  app.put(
    '/v2/business/:businessId/products/modifiers-with-variants',
    {
      preHandler: permission('catalogue.edit_product'),
      schema: {
        tags,
        summary: 'Edit a product (_id in the body) with its varieties and modifier sets',
        params: businessIdParams,
        body: modifiersWithVariantsBody,
        response: { 200: envelope(product) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const { _id, ...body } = request.body;
      return ok(await updateProduct(db, auth, _id, body), 'Product updated');
    },
  );

  app.patch(
    '/v1/businesses/:businessId/products/:productId',
    {
      preHandler: permission('catalogue.edit_product'),
      schema: {
        tags,
        summary: 'Edit a product (updated_at optional: when sent, 409 if it changed since)',
        params: productV1Params,
        body: patchProductBody,
        response: { 200: envelope(product) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await updateProduct(db, auth, request.params.productId, request.body), 'Product updated');
    },
  );

  for (const [url, params, key] of [
    ['/v2/business/:businessId/products/:id', productIdParams, 'id'],
    ['/v1/businesses/:businessId/products/:productId', productV1Params, 'productId'],
  ] as const) {
    app.delete(
      url,
      {
        preHandler: permission('catalogue.delete_product'),
        schema: {
          tags,
          summary: 'Delete a product (devices learn it through recordsRemoved)',
          params,
          response: { 200: envelope(productRef) },
        },
      },
      async (request) => {
        const p = request.params as Record<string, string>;
        const auth = assertOwnBusiness(request, p.businessId ?? '');
        return ok(await deleteProduct(db, auth, p[key] ?? ''), 'Product deleted');
      },
    );
  }

  for (const [url, hide] of [
    ['/v1/businesses/:businessId/products/barcode/', false],
    ['/v1/businesses/:businessId/products/barcode', true],
  ] as const) {
    app.get(
      url,
      {
        preHandler: permission('catalogue.view_product'),
        schema: {
          tags,
          hide,
          summary: 'The product (or variety: variety_id) with this barcode',
          params: businessIdParams,
          querystring: barcodeQuery,
          response: { 200: envelope(barcodeMatch) },
        },
      },
      async (request) => {
        const auth = assertOwnBusiness(request, request.params.businessId);
        return ok(await productByBarcode(db, auth.businessId, request.query.barcode));
      },
    );
  }

  for (const [url, hide] of [
    ['/v1/businesses/:businessId/products/bulk/', false],
    ['/v1/businesses/:businessId/products/bulk', true],
  ] as const) {
    app.patch(
      url,
      {
        preHandler: permission('catalogue.edit_product'),
        schema: {
          tags,
          hide,
          summary: 'A different change per product, all or nothing',
          params: businessIdParams,
          body: bulkPatchBody,
          response: { 200: envelope(bulkResult) },
        },
      },
      async (request) => {
        const auth = assertOwnBusiness(request, request.params.businessId);
        return ok(await bulkPatch(db, auth, request.body), 'Products updated');
      },
    );
  }

  for (const [url, hide] of [
    ['/v1/businesses/:businessId/products/bulk2/', false],
    ['/v1/businesses/:businessId/products/bulk2', true],
  ] as const) {
    app.patch(
      url,
      {
        preHandler: permission('catalogue.edit_product'),
        schema: {
          tags,
          hide,
          summary: 'One change (or delete) for many products, all or nothing',
          params: businessIdParams,
          body: bulkApplyBody,
          response: { 200: envelope(bulkResult) },
        },
      },
      async (request) => {
        const auth = assertOwnBusiness(request, request.params.businessId);
        const data = await bulkApply(db, auth, request.body);
        return ok(data, request.body.action === 'delete' ? 'Products deleted' : 'Products updated');
      },
    );
  }

  app.patch(
    '/v2/business/:businessId/products/stocks',
    {
      preHandler: permission('inventory.adjust_stock'),
      schema: {
        tags,
        summary: 'Set counted stock levels in one store (the differences are recorded as movements)',
        params: businessIdParams,
        body: setStocksBody,
        response: { 200: envelope(setStocksResult) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await setStocks(db, auth, request.body), 'Stock updated');
    },
  );
};
