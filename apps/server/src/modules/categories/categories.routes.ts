import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignCollectionBody,
  assignCollectionResult,
  businessIdParams,
  categoriesWithProductsQuery,
  category,
  categoryIdParams,
  categoryListQuery,
  categoryProductsPage,
  categoryProductsQuery,
  categoryV1,
  categoryV1WithSubs,
  categoryWithProducts,
  collectionNameParams,
  collectionNamesQuery,
  collectionsSyncData,
  createCategoryBody,
  createCollectionBody,
  createSubcategoryBody,
  envelope,
  subcategory,
  subcategoryMoveParams,
  syncQuery,
  updateCategoryBody,
  updateSubcategoryBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { publishAfterWrites } from '../changes/index.js';
import { assertOwnBusiness, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import {
  assignProducts,
  categoriesWithProducts,
  categoryProducts,
  createCategory,
  createCollection,
  createSubcategory,
  deleteCategory,
  deleteCollection,
  deleteSubcategory,
  listCategories,
  listCollections,
  listCollectionsWithSubs,
  putSubcategory,
  renameCategory,
  searchCollections,
  syncCollections,
} from './categories.service.js';

const tags = ['categories'];
const v2 = '/v2/business/:businessId/product';
const v1 = '/v1/businesses/:businessId';
const removed = envelope(z.object({ _id: z.string() }));

/** Categories and subcategories (spec 001 §7 "Categories"), v2 and v1, plus the sync download. */
export const categoriesRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  publishAfterWrites(app, deps, { topic: 'categories' }, { topic: 'products' });
  const { db } = deps;
  const view = permission('catalogue.view_category');

  /* ------------------------------------------------------------ v2 ---------- */
  app.get(
    `${v2}/categories`,
    {
      preHandler: view,
      schema: {
        tags,
        summary: 'Categories with their subcategories and product counts',
        params: businessIdParams,
        querystring: categoryListQuery,
        response: { 200: envelope(z.array(category)) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await listCategories(db, auth.businessId, request.query.search || undefined));
    },
  );

  app.post(
    `${v2}/categories`,
    {
      preHandler: permission('catalogue.create_category'),
      schema: {
        tags,
        summary: 'Add a category',
        params: businessIdParams,
        body: createCategoryBody,
        response: { 201: envelope(category) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await createCategory(db, auth.businessId, request.body.name);
      return reply.status(201).send(ok(data, 'Category created successfully'));
    },
  );

  app.put(
    `${v2}/categories/:id`,
    {
      preHandler: permission('catalogue.edit_category'),
      schema: {
        tags,
        summary: 'Rename a category',
        params: categoryIdParams,
        body: updateCategoryBody,
        response: { 200: envelope(category) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await renameCategory(db, auth.businessId, request.params.id, request.body.name);
      return ok(data, 'Category updated successfully');
    },
  );

  app.delete(
    `${v2}/categories/:id`,
    {
      preHandler: permission('catalogue.delete_category'),
      schema: {
        tags,
        summary: 'Delete a category and its subcategories (refused while it has products)',
        params: categoryIdParams,
        response: { 200: removed },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(
        await deleteCategory(db, auth.businessId, request.params.id),
        'Category deleted successfully',
      );
    },
  );

  app.post(
    `${v2}/subcategories`,
    {
      preHandler: permission('catalogue.create_category'),
      schema: {
        tags,
        summary: 'Add a subcategory to a category',
        params: businessIdParams,
        body: createSubcategoryBody,
        response: { 201: envelope(subcategory) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await createSubcategory(db, auth.businessId, request.body);
      return reply.status(201).send(ok(data, 'Subcategory created successfully'));
    },
  );

  app.delete(
    `${v2}/subcategories/:id`,
    {
      preHandler: permission('catalogue.delete_category'),
      schema: {
        tags,
        summary: 'Delete a subcategory (refused while it has products)',
        params: categoryIdParams,
        response: { 200: removed },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(
        await deleteSubcategory(db, auth.businessId, request.params.id),
        'Subcategory deleted successfully',
      );
    },
  );

  app.put(
    `${v2}/categories/:category_id/subcategory`,
    {
      preHandler: permission('catalogue.edit_category'),
      schema: {
        tags,
        summary: 'Rename a subcategory or move it (with its products) under this category',
        params: subcategoryMoveParams,
        body: updateSubcategoryBody,
        response: { 200: envelope(subcategory) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await putSubcategory(db, auth.businessId, request.params.category_id, request.body);
      return ok(data, 'Subcategory updated successfully');
    },
  );

  app.get(
    `${v2}/categories/:id/products`,
    {
      preHandler: view,
      schema: {
        tags,
        summary: "A page of a category's products (a subcategory id, or ?subcategory=, narrows it)",
        params: categoryIdParams,
        querystring: categoryProductsQuery,
        response: { 200: envelope(categoryProductsPage) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await categoryProducts(db, auth.businessId, request.params.id, request.query));
    },
  );

  app.get(
    `${v2}/categories-with-products`,
    {
      preHandler: view,
      schema: {
        tags,
        summary: 'Categories holding products, each with its first products by name',
        params: businessIdParams,
        querystring: categoriesWithProductsQuery,
        response: { 200: envelope(z.array(categoryWithProducts)) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await categoriesWithProducts(db, auth.businessId, request.query.per_category));
    },
  );

  /* ------------------------------------------------------------ v1 ---------- */
  app.get(
    `${v1}/collections`,
    {
      preHandler: view,
      schema: {
        tags,
        summary: 'Every category and subcategory (v1 shape; `parent` set on subcategories)',
        params: businessIdParams,
        response: { 200: envelope(z.array(categoryV1)) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await listCollections(db, auth.businessId));
    },
  );

  app.get(
    `${v1}/collections_with_sub`,
    {
      preHandler: view,
      schema: {
        tags,
        summary: 'Top-level categories with their subcategories in `Subs` (v1 shape)',
        params: businessIdParams,
        response: { 200: envelope(z.array(categoryV1WithSubs)) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await listCollectionsWithSubs(db, auth.businessId));
    },
  );

  app.post(
    `${v1}/collections`,
    {
      preHandler: permission('catalogue.create_category'),
      schema: {
        tags,
        summary: 'Add a category (or, with `parent`, a subcategory); data carries the new _id',
        params: businessIdParams,
        body: createCollectionBody,
        response: { 201: envelope(categoryV1) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await createCollection(db, auth.businessId, request.body);
      return reply.status(201).send(ok(data, 'Category created successfully'));
    },
  );

  app.patch(
    `${v1}/products/collections/`,
    {
      preHandler: permission('catalogue.edit_product'),
      schema: {
        tags,
        summary: 'File these products under the category named `category` (all or nothing)',
        params: businessIdParams,
        body: assignCollectionBody,
        response: { 200: envelope(assignCollectionResult) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await assignProducts(db, auth.businessId, request.body);
      return ok(
        data,
        `${data.updated} product${data.updated === 1 ? '' : 's'} moved to ${data.category.name}`,
      );
    },
  );

  app.delete(
    `${v1}/collections/:name`,
    {
      preHandler: permission('catalogue.delete_category'),
      schema: {
        tags,
        summary: 'Delete a category by name (refused while it has products)',
        params: collectionNameParams,
        response: { 200: removed },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(
        await deleteCollection(db, auth.businessId, request.params.name),
        'Category deleted successfully',
      );
    },
  );

  app.get(
    `${v1}/collections/names/`,
    {
      preHandler: view,
      schema: {
        tags,
        summary: 'Categories and subcategories whose name contains ?name',
        params: businessIdParams,
        querystring: collectionNamesQuery,
        response: { 200: envelope(z.array(categoryV1)) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await searchCollections(db, auth.businessId, request.query.name || undefined));
    },
  );

  /* ------------------------------------------------------------ sync -------- */
  app.get(
    '/v2/businesses/:businessId/collections',
    {
      preHandler: view,
      schema: {
        tags,
        summary: 'Categories for the offline table; with updated_at, only what changed since',
        params: businessIdParams,
        querystring: syncQuery,
        response: { 200: envelope(collectionsSyncData) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await syncCollections(db, auth.businessId, request.query.updated_at));
    },
  );
};
