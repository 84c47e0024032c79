import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessIdParams,
  createTagBody,
  envelope,
  tag,
  TAG_MESSAGES,
  tagIdParams,
  tagListQuery,
  updateTagBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { publishAfterWrites } from '../changes/index.js';
import { assertOwnBusiness, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { createTag, deleteTag, editTag, getTags } from './tags.service.js';

const tags = ['tags'];
const path = '/v2/business/:businessId/product/tags';

/** Product tags (spec 001 §7 "Products, options, tags, modifiers"), with the spec's messages. */
export const tagsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  publishAfterWrites(app, deps, { topic: 'products' });
  app.get(
    path,
    {
      preHandler: permission('catalogue.view_product'),
      schema: {
        tags,
        summary: 'Tags of the business; search matches part of the name',
        params: businessIdParams,
        querystring: tagListQuery,
        response: { 200: envelope(z.array(tag)) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await getTags(deps.db, auth.businessId, request.query.search));
    },
  );

  app.post(
    path,
    {
      preHandler: permission('catalogue.create_product'),
      schema: {
        tags,
        summary: 'Add a tag',
        params: businessIdParams,
        body: createTagBody,
        response: { 201: envelope(tag) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await createTag(deps.db, auth.businessId, request.body);
      return reply.status(201).send(ok(data, TAG_MESSAGES.created));
    },
  );

  app.put(
    path,
    {
      preHandler: permission('catalogue.edit_product'),
      schema: {
        tags,
        summary: 'Rename a tag (id in the body); products carrying it are touched for sync',
        params: businessIdParams,
        body: updateTagBody,
        response: { 200: envelope(tag) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await editTag(deps.db, auth.businessId, request.body), TAG_MESSAGES.edited);
    },
  );

  app.delete(
    `${path}/:id`,
    {
      preHandler: permission('catalogue.edit_product'),
      schema: {
        tags,
        summary: 'Delete a tag and take it off every product',
        params: tagIdParams,
        response: { 200: envelope(z.object({ _id: z.string() })) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await deleteTag(deps.db, auth.businessId, request.params.id), TAG_MESSAGES.deleted);
    },
  );
};
