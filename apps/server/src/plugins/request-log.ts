import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** One structured JSON line per request, written when the response is done. */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        business: request.auth?.businessId,
        user: request.auth?.userId,
      },
      'request',
    );
  });
});
