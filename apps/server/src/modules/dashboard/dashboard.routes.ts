import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessIdParams, envelope, gettingStarted as gettingStartedData } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { assertOwnBusiness } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { gettingStarted } from './getting-started.js';

const tags = ['dashboard'];

/** Home page figures (spec 000 §7.3). */
export const dashboardRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/v1/dashboard/gettingstarted/:businessId',
    {
      schema: {
        tags,
        summary: 'Getting-started checklist',
        params: businessIdParams,
        response: { 200: envelope(gettingStartedData) },
      },
    },
    async (request) => {
      const auth = assertOwnBusiness(request, request.params.businessId);
      return ok(await gettingStarted(deps.db, auth.businessId));
    },
  );
};
