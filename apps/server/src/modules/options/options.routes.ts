import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessIdParams,
  createOptionBody,
  envelope,
  optionIdParams,
  productOption,
  updateOptionBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { publishAfterWrites } from '../changes/index.js';
import { assertOwnBusiness, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { createOption, deleteOption, editOption, getOptions } from './options.service.js';

const tags = ['options'];
const path = '/v2/business/:businessId/product/options';

/** Saved product options such as Size: S, M, L (spec 001 §7). */
export const optionsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  publishAfterWrites(app, deps, { topic: 'products' });
  app.get(
    path,
    {
      preHandler: permission('catalogue.view_product'),
      schema: {
        tags,
        summary: 'Saved product options with their values',
        params: businessIdParams,
        response: { 200: envelope(z.array(productOption)) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await getOptions(deps.db, auth.businessId));
    },
  );

  app.post(
    path,
    {
      preHandler: permission('catalogue.create_product'),
      schema: {
        tags,
        summary: 'Save an option and its values',
        params: businessIdParams,
        body: createOptionBody,
        response: { 201: envelope(productOption) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await createOption(deps.db, auth.businessId, request.body);
      return reply.status(201).send(ok(data, 'Option created successfully'));
    },
  );

  app.put(
    path,
    {
      preHandler: permission('catalogue.edit_product'),
      schema: {
        tags,
        summary: 'Rename an option or replace its values (id in the body)',
        params: businessIdParams,
        body: updateOptionBody,
        response: { 200: envelope(productOption) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await editOption(deps.db, auth.businessId, request.body), 'Option updated successfully');
    },
  );

  app.delete(
    `${path}/:id`,
    {
      preHandler: permission('catalogue.edit_product'),
      schema: {
        tags,
        summary: 'Delete a saved option (products keep their own copy)',
        params: optionIdParams,
        response: { 200: envelope(z.object({ _id: z.string() })) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(
        await deleteOption(deps.db, auth.businessId, request.params.id),
        'Option deleted successfully',
      );
    },
  );
};
