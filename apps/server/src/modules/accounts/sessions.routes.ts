import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, logoutBody, logoutData, refreshTokenBody, refreshTokenData } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { authOf, deviceIdOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { logout, refreshToken } from './sessions.service.js';

const tags = ['accounts'];

/** Token refresh (spec 000 §4: the app refreshes a token older than 23 h) and logout. */
export const sessionsRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.put(
    '/v1/auth/refresh/token',
    {
      // The token travels in the body, so the route itself is public and checks it.
      config: { public: true },
      schema: {
        tags,
        summary: 'A new 24 h token for a live session',
        body: refreshTokenBody,
        response: { 200: envelope(refreshTokenData) },
      },
    },
    async (request) =>
      ok(await refreshToken(deps, request.body.token, deviceIdOf(request)), 'Token refreshed'),
  );

  app.post(
    '/v1/auth/logout',
    {
      schema: {
        tags,
        summary: "End the caller's session",
        body: logoutBody,
        response: { 200: envelope(logoutData) },
      },
    },
    async (request) => {
      await logout(deps, authOf(request), request.body.user_id);
      return ok(null, 'Logged out');
    },
  );
};
