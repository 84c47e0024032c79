import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessIdParams,
  createModifierSetBody,
  envelope,
  MODIFIER_SET_MESSAGES,
  modifierSet,
  modifierSetIdParams,
  updateModifierSetBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { publishAfterWrites } from '../changes/index.js';
import { assertOwnBusiness, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import {
  createModifierSet,
  deleteModifierSet,
  editModifierSet,
  getModifierSets,
} from './modifiers.service.js';

const tags = ['modifiers'];

/** Modifier sets (spec 001 §7, validation of §5): prices in naira, kept in kobo. */
export const modifiersRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  publishAfterWrites(app, deps, { topic: 'products' });
  app.get(
    '/v2/business/:businessId/modifiers/sets',
    {
      preHandler: permission('catalogue.view_product'),
      schema: {
        tags,
        summary: 'Modifier sets with their modifiers',
        params: businessIdParams,
        response: { 200: envelope(z.array(modifierSet)) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await getModifierSets(deps.db, auth.businessId));
    },
  );

  app.post(
    '/v2/business/:businessId/modifiers/set',
    {
      preHandler: permission('catalogue.create_product'),
      schema: {
        tags,
        summary: 'Create a modifier set: a name and modifiers of a name and a price (default 0)',
        params: businessIdParams,
        body: createModifierSetBody,
        response: { 201: envelope(modifierSet) },
      },
    },
    async (request, reply) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await createModifierSet(deps.db, auth.businessId, request.body);
      return reply.status(201).send(ok(data, MODIFIER_SET_MESSAGES.created));
    },
  );

  app.put(
    '/v2/business/:businessId/modifiers/set/:id',
    {
      preHandler: permission('catalogue.edit_product'),
      schema: {
        tags,
        summary: 'Rename a set and/or replace its modifiers (keep one with its _id)',
        params: modifierSetIdParams,
        body: updateModifierSetBody,
        response: { 200: envelope(modifierSet) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      const data = await editModifierSet(deps.db, auth.businessId, request.params.id, request.body);
      return ok(data, MODIFIER_SET_MESSAGES.updated);
    },
  );

  app.delete(
    '/v2/business/:businessId/modifiers/set/:id',
    {
      preHandler: permission('catalogue.edit_product'),
      schema: {
        tags,
        summary: 'Delete a set and take it off every product',
        params: modifierSetIdParams,
        response: { 200: envelope(z.object({ _id: z.string() })) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(
        await deleteModifierSet(deps.db, auth.businessId, request.params.id),
        MODIFIER_SET_MESSAGES.deleted,
      );
    },
  );
};
