import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  featureToggle,
  featureTogglesData,
  putToggleFeatureBody,
  toggleFeaturesQuery,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { adminOnly, assertOwnBusiness } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { publishAfterWrites } from '../changes/index.js';
import { listToggles, putToggle } from './toggle-features.service.js';

const tags = ['sales agents'];

/** Feature toggles per store (spec 001 §7: SALES_AGENT_CODE at store scope, PAYMENT category). */
export const toggleFeaturesRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  publishAfterWrites(app, deps, { topic: 'settings', what: 'toggle_features' });

  app.get(
    '/v1/toggle-features',
    {
      schema: {
        tags,
        summary: "Each toggle for each of the caller's stores (off until set)",
        querystring: toggleFeaturesQuery,
        response: { 200: envelope(featureTogglesData) },
      },
    },
    async (request) => {
      const { business_id, ...filter } = request.query;
      return ok(await listToggles(deps.db, assertOwnBusiness(request, business_id), filter));
    },
  );

  app.put(
    '/v1/toggle-features',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Switch a toggle on or off for one store',
        body: putToggleFeatureBody,
        response: { 200: envelope(featureToggle) },
      },
    },
    async (request) =>
      ok(await putToggle(deps.db, assertOwnBusiness(request, request.body.business_id), request.body)),
  );
};
