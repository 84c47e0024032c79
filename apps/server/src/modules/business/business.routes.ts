import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessIdParams,
  businessData,
  businessUsersData,
  createBusinessBody,
  envelope,
  updateBusinessBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { publishAfterWrites } from '../changes/index.js';
import { addBusinessForOwner } from '../../flows/add-business.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { adminOnly, assertOwnBusiness, authOf, permission } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { loadBusinessData } from './business.repository.js';
import { listBusinessUsers, updateBusinessInfo } from './business.service.js';

const tags = ['business'];

/** The caller's business: company information, its users, and adding another business (spec 000 §7.2). */
export const businessRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  publishAfterWrites(app, deps, { topic: 'settings', what: 'business' }, { topic: 'staff' });
  app.patch(
    '/v1/businesses/:businessId',
    {
      preHandler: permission('settings.business_information'),
      schema: {
        tags,
        summary: 'Update company information',
        params: businessIdParams,
        body: updateBusinessBody,
        response: { 200: envelope(businessData) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await updateBusinessInfo(deps.db, auth.businessId, request.body), 'Business updated');
    },
  );

  app.get(
    '/v1/businesses/users/',
    {
      preHandler: permission('settings.users_roles'),
      schema: { tags, summary: "The business's users", response: { 200: envelope(businessUsersData) } },
    },
    async (request) => ok(await listBusinessUsers(deps.db, authOf(request).businessId)),
  );

  app.post(
    '/v1/businesses/',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Add another business, owned by a new login under another e-mail (same password)',
        body: createBusinessBody,
        response: { 201: envelope(businessData) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!auth.isOwner) throw forbidden('Only the business owner can add another business.');
      await deps.rateLimiter.hit(`business:create:${auth.userId}`, 10, 60 * 60);
      const created = await addBusinessForOwner(deps.db, auth, request.body);
      const data = await loadBusinessData(deps.db, created.businessId);
      if (!data) throw notFound('Business');
      return reply.status(201).send(ok(data, 'Business created'));
    },
  );
};
